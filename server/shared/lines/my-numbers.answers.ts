import { flag, integer, listOf, nullableInstant, nullableText, text, type AnswerOf } from '../contracts/answer-schemas.js';

/** A line the caller may send from with the asked send type (`PrivateNumbers/GetMyNumbers`). */
export const myNumberAnswer = {
  type: 'object',
  required: ['id', 'number', 'mask', 'useForm', 'numberType', 'typePrivateNumber', 'isPublic', 'isCanSendFlashSms', 'isSendOccasionPhonebook', 'isSendClub', 'expireTime', 'agentType'],
  properties: {
    id: integer,
    number: text,
    mask: nullableText,
    useForm: text,
    numberType: text,
    typePrivateNumber: text,
    isPublic: flag,
    isCanSendFlashSms: flag,
    /** Occasion sends may use the line. */
    isSendOccasionPhonebook: flag,
    /** Customer club messages (engage's club devices and club sends) may use the line. */
    isSendClub: flag,
    expireTime: nullableInstant,
    /** The sender agent's type (SMS, MMS, Email, Voice): the voice screen lists only Voice lines. */
    agentType: text,
  },
} as const;

export const myNumbersAnswer = listOf(myNumberAnswer);

export type MyNumberAnswer = AnswerOf<typeof myNumberAnswer>;

// The codec lives with the shared SMS rules (server/shared/sms/smpp-pdu.ts): the built-in SMPP
// server writes the same PDUs. Plugins reach it through the SDK.
export { encodeDeliverSm, encodeDeliverSmResp, encodeSubmitSm, encodeSubmitSmResp, nextSequence, type ShortMessageFields } from '../../server/gateways/gateway-sdk.js';

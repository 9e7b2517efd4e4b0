import { endpoint } from '../../shared/api/endpoint';
import type { ApiClient } from '../../shared/api/api-client';
import type {
  PublicSurveyAnswer, SurveyAnswer, SurveyDetailAnswer, SurveyImageType, SurveyQuestionAnswer, SurveyResponsesAnswer, SurveyStatisticsAnswer, SurveyStepAnswer,
  SurveyTextAnswersAnswer, SurveyThemeColor,
} from '../../../../server/shared/engage/surveys.answers';

export { SURVEY_THEME_COLORS } from '../../../../server/shared/engage/surveys.answers';
/** Shapes of `OnlineSurvey/*`: the server's answer contracts (module engage, "Online surveys"). */
export type Survey = SurveyAnswer;
export type SurveyQuestion = SurveyQuestionAnswer;
export type { PublicSurveyAnswer, SurveyDetailAnswer, SurveyImageType, SurveyStatisticsAnswer, SurveyStepAnswer, SurveyThemeColor };

export interface SurveyInput {
  title: string;
  startAt: string | null;
  endAt: string | null;
  introPage: string | null;
  outroPage: string | null;
  themeColor: SurveyThemeColor;
  redirectUrl: string | null;
  /** Absent: unchanged; null: no password. */
  password?: string | null;
  crmAccessKey: string | null;
  crmUserName: string | null;
  enableSaveResponseInCrm: boolean;
  crmField: string | null;
  spreadSheetId: string | null;
  isActive: boolean;
}

export interface QuestionInput {
  text: string;
  type: 'Text' | 'Select';
  isRequired: boolean;
  minLength: number | null;
  maxLength: number | null;
  answerPattern: string | null;
  nextQuestionId: number | null;
  previousQuestionId: number | null;
  answers: { id?: number; text: string; nextQuestionId: number | null }[];
}

export const surveysApi = {
  list: endpoint.get<{ items: Survey[]; totalCount: number }, { pageIndex: number; pageSize: number; search?: string }>('/OnlineSurvey/GetAll'),
  get: endpoint.getById<SurveyDetailAnswer>('/OnlineSurvey/Get'),
  create: endpoint.post<SurveyInput, Survey>('/OnlineSurvey/Create'),
  update: endpoint.post<SurveyInput & { id: number }, Survey>('/OnlineSurvey/Update'),
  delete: endpoint.deleteById<{ id: number }>('/OnlineSurvey/Delete'),
  createQuestion: endpoint.post<QuestionInput & { surveyId: number }, SurveyQuestion>('/OnlineSurvey/CreateQuestion'),
  updateQuestion: endpoint.post<QuestionInput & { id: number }, SurveyQuestion>('/OnlineSurvey/UpdateQuestion'),
  deleteQuestion: endpoint.deleteById<{ id: number }>('/OnlineSurvey/DeleteQuestion'),
  reorder: endpoint.post<{ surveyId: number; questionIds: number[] }, SurveyDetailAnswer>('/OnlineSurvey/ReorderQuestions'),
  removeImage: endpoint.post<{ id: number; imageType: SurveyImageType }, Survey>('/OnlineSurvey/RemoveImage'),
  statistics: endpoint.getById<SurveyStatisticsAnswer>('/OnlineSurvey/Statistics'),
  textAnswers: endpoint.get<SurveyTextAnswersAnswer, { questionId: number; pageIndex: number; pageSize: number }>('/OnlineSurvey/TextAnswers'),
  responses: endpoint.get<SurveyResponsesAnswer, { surveyId: number; pageIndex: number; pageSize: number }>('/OnlineSurvey/Responses'),
  /** The responses' xlsx, as a file. */
  exportResponses: (api: ApiClient, id: number) => api.get<Blob>(`/OnlineSurvey/Export/${id}`, { responseType: 'blob' }),
  uploadImage: (api: ApiClient, id: number, imageType: SurveyImageType, file: File) => api.post<Survey>('/OnlineSurvey/UploadImage', file, {
    query: { id, imageType, fileName: file.name }, rawContentType: file.type || 'application/octet-stream', quiet: true,
  }),
  // The public page (no sign-in): failures are shown by the page itself.
  publicSurvey: (api: ApiClient, publicId: string) => api.get<PublicSurveyAnswer>(`/OnlineSurvey/Public/${encodeURIComponent(publicId)}`, { quiet: true }),
  start: endpoint.post<{ publicId: string; password?: string | null; sl?: string | null; token?: string | null }, SurveyStepAnswer>('/OnlineSurvey/Start'),
  answer: endpoint.post<{ token: string; questionId: number; value?: string | null; optionId?: number | null }, SurveyStepAnswer>('/OnlineSurvey/Answer'),
  back: endpoint.post<{ token: string }, SurveyStepAnswer>('/OnlineSurvey/Back'),
};

export const surveysKeys = {
  list: (pageIndex: number, pageSize: number, search: string) => ['surveys', pageIndex, pageSize, search] as const,
  one: (id: number) => ['survey', id] as const,
  statistics: (id: number) => ['survey-statistics', id] as const,
  responses: (id: number, pageIndex: number) => ['survey-responses', id, pageIndex] as const,
  textAnswers: (questionId: number, pageIndex: number) => ['survey-text-answers', questionId, pageIndex] as const,
  isSurveyKey: (key: unknown) => Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith('survey'),
};

export const SURVEYS_PATH = '/surveys';
export const surveyEditPath = (id: number | 'new') => `${SURVEYS_PATH}/${id}/edit`;
export const surveyResultsPath = (id: number) => `${SURVEYS_PATH}/${id}/results`;
/** The public address a respondent opens (the panel's own origin). */
export const surveyPublicUrl = (publicPath: string) => `${window.location.origin}/${publicPath}`;
/** The bulk send page with its text written: the survey's address (the send page reads `?text=`). */
/** The bulk send with the survey's address written and a personal short link per receiver chosen (who answered is then known). */
export const sendSurveyPath = (publicPath: string) => `/sending/bulk?text=${encodeURIComponent(surveyPublicUrl(publicPath))}&shortLinkMode=PerReceiver`;
/** An image path the server answers (under the API root). */
export const surveyImageUrl = (apiRoot: string, path: string | null) => (path ? `${apiRoot.replace(/\/$/, '')}/${path}` : null);

/** Theme colours as CSS colours (the page's accent). */
export const THEME_COLOURS: Record<string, string> = {
  default: '#0369a1', blue: '#1d4ed8', green: '#15803d', yellow: '#a16207', red: '#b91c1c', purple: '#7e22ce', orange: '#c2410c', pink: '#be185d', gray: '#4b5563',
};

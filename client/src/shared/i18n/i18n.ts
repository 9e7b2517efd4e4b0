import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { numberFormatter } from './number-formatter';

/** One namespace of texts: every visible string lives in such a file, in both languages. */
export interface TextResource {
  ns: string;
  fa: Record<string, unknown>;
  en: Record<string, unknown>;
}

export const PERSIAN = 'fa';
export const ENGLISH = 'en-US';
export const LANGUAGE_KEY = 'language';

export const isPersian = (language: string): boolean => language.toLowerCase().includes('fa');

export function createI18n(resources: TextResource[], language: string): I18n {
  const instance = i18next.createInstance();
  const fa: Record<string, Record<string, unknown>> = {};
  const en: Record<string, Record<string, unknown>> = {};
  for (const r of resources) {
    fa[r.ns] = r.fa;
    en[r.ns] = r.en;
  }
  void instance.use(initReactI18next).use(numberFormatter).init({
    resources: { fa, [ENGLISH]: en },
    lng: isPersian(language) ? PERSIAN : ENGLISH,
    fallbackLng: ENGLISH,
    ns: resources.map((r) => r.ns),
    defaultNS: 'common',
    // alwaysFormat: every interpolated number passes the formatter and is written in the language's digits.
    interpolation: { escapeValue: false, alwaysFormat: true },
    initAsync: false,
  });
  return instance;
}

/** Direction, lang attribute and font follow the language: fa ⇒ rtl + Vazirmatn, else ltr + Poppins. */
export function applyDocumentLanguage(language: string): void {
  const root = document.documentElement;
  const fa = isPersian(language);
  root.dir = fa ? 'rtl' : 'ltr';
  root.lang = fa ? PERSIAN : language;
  root.classList.toggle('font-fa', fa);
  root.classList.toggle('font-en', !fa);
}

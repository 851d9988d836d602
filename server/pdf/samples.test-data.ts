import type { Locale } from "#core/i18n/locales.ts";

/**
 * TEST DATA, not translations: a short sentence in each of the product's languages ("Certificate of
 * the right to work" and the like, written for the PDF tests, not reviewed), with a person's name
 * in that language's script where it has one, to draw in a PDF. Each carries the letters that
 * broke the standard fonts (Welsh ŵ ŷ, Polish ż ł, Romanian ă ș ț) or needs shaping (Arabic
 * joining and marks, Bengali and Gujarati conjuncts and vowel signs, the Gurmukhi conjunct ਪ੍ਰ).
 */
export const SAMPLES: Readonly<Record<Locale, { sentence: string; name: string }>> = {
  en: { sentence: "Right to Work certificate", name: "Sarah Thompson" },
  cy: { sentence: "Tystysgrif hawl i weithio: mae Siôn yn byw mewn tŷ ger y dŵr", name: "Siôn Llŷr" },
  pl: { sentence: "Zaświadczenie o prawie do pracy w Wielkiej Brytanii", name: "Łukasz Żółkiewski" },
  ro: { sentence: "Certificat privind dreptul de a lucra în Marea Britanie", name: "Ștefan Păunescu" },
  pa: { sentence: "ਕੰਮ ਕਰਨ ਦੇ ਅਧਿਕਾਰ ਦਾ ਪ੍ਰਮਾਣ ਪੱਤਰ", name: "ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ" },
  ur: { sentence: "کام کرنے کے حق کا سرٹیفکیٹ", name: "عائشہ خان" },
  pt: { sentence: "Certificado do direito ao trabalho no Reino Unido", name: "João Conceição" },
  es: { sentence: "Certificado del derecho a trabajar en el Reino Unido", name: "Iñigo Núñez" },
  ar: { sentence: "شهادة الحق في العمل في المملكة المتحدة", name: "محمد الأحمد" },
  bn: { sentence: "যুক্তরাজ্যে কাজের অধিকারের সনদ", name: "রহিম উদ্দিন" },
  gu: { sentence: "યુનાઇટેડ કિંગડમમાં કામ કરવાના અધિકારનું પ્રમાણપત્ર", name: "પ્રિયા પટેલ" },
  it: { sentence: "Certificato del diritto al lavoro nel Regno Unito", name: "Niccolò Società" },
};

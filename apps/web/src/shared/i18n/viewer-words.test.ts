import { englishTexts, heroTextsOf, planNameIn, ratingText, type TitleCard } from '@salomtv/contract';
import { describe, expect, it } from 'vitest';
import { createTranslate, sentences } from './translate';

const uzbek = createTranslate({ keyword: 'Uz', rating_all: 'Hamma uchun' });
const english = createTranslate(undefined);

describe('the words a viewer reads', () => {
  it('words the code screens as a person would, in English', () => {
    expect(englishTexts.send_otp).toBe('Send code');
    expect(englishTexts.verify_otp).toBe('Verify code');
    expect(englishTexts.invalid_otp_try_again).toBe('That code is wrong. Try again.');
  });

  it('joins sentences with one full stop between them', () => {
    expect(sentences(['That code is wrong. Try again.', 'Tries left: 4'])).toBe(
      'That code is wrong. Try again. Tries left: 4',
    );
    expect(sentences(['Kod notoʻgʻri, qaytadan urinib koʻring', 'Qolgan urinishlar: 4'])).toBe(
      'Kod notoʻgʻri, qaytadan urinib koʻring. Qolgan urinishlar: 4',
    );
    expect(sentences(['کوڈ غلط ہے۔', 'باقی: 4'])).toBe('کوڈ غلط ہے۔ باقی: 4');
    expect(sentences(['Only one', ''])).toBe('Only one');
  });

  it('says the "All" rating in the viewer’s language and a number rating as written', () => {
    expect(ratingText('All', uzbek)).toBe('Hamma uchun');
    expect(ratingText('All', english)).toBe('All');
    expect(ratingText('13+', uzbek)).toBe('13+');
    expect(ratingText(null, uzbek)).toBe('');
    const card = { title: 'Kid', age_rating: 'All', duration: 0, year: null, genres: [], summary: '' };
    expect(heroTextsOf(card as unknown as TitleCard, 'uz', uzbek).age_rating).toBe('Hamma uchun');
  });

  it('names a plan in the viewer’s language where it has a name in it', () => {
    const plan = { name: 'Basic', names: { Uz: 'Asosiy' } };
    expect(planNameIn(plan, 'Uz')).toBe('Asosiy');
    expect(planNameIn(plan, 'uz')).toBe('Asosiy');
    expect(planNameIn(plan, 'Ru')).toBe('Basic');
    expect(planNameIn(plan, undefined)).toBe('Basic');
  });
});

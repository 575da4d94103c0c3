// Makes one formatter of each kind the app uses, in the page's locale, so ICU's data for them is loaded (see
// warm-intl.ts); then ends.
const locales = [self.name || 'en', 'en'];
const formats: (() => unknown)[] = [
  () => new Intl.NumberFormat(locales).format(1),
  () => new Intl.NumberFormat(locales, { style: 'unit', unit: 'minute', unitDisplay: 'short' }).format(1),
  () => new Intl.NumberFormat(locales, { style: 'currency', currency: 'USD' }).format(1),
  () => new Intl.NumberFormat(locales, { notation: 'compact' }).format(1000),
  () => new Intl.DateTimeFormat(locales, { dateStyle: 'medium', timeStyle: 'short' }).format(0),
  () => new Intl.ListFormat(locales, { type: 'unit', style: 'narrow' }).format(['1', '2']),
  () => new Intl.PluralRules(locales).select(1),
];
for (const format of formats) {
  try {
    format();
  } catch {
    // A locale tag Intl does not know: the app's formatters fall back on their own.
  }
}
self.close();

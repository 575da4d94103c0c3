import { z } from 'zod';

/**
 * Every ISO 3166-1 alpha-2 country code (249, the standard's officially assigned codes). Names come from the
 * viewer's browser (`Intl.DisplayNames`), so the list holds codes only.
 */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY ' +
  'BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK ' +
  'FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR ' +
  'IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ' +
  'ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM ' +
  'PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF ' +
  'TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

const known = new Set(COUNTRY_CODES);

/** The spec's sign-up choices (section 9), still accepted by name from clients that send them. */
export const SPEC_COUNTRY_NAMES: Readonly<Record<string, string>> = { pakistan: 'PK', india: 'IN' };

/** The country code of a typed value: a code in any case, or one of the spec's names; undefined otherwise. */
export function countryCodeOf(value: string): string | undefined {
  const typed = value.trim();
  const code = SPEC_COUNTRY_NAMES[typed.toLowerCase()] ?? typed.toUpperCase();
  return known.has(code) ? code : undefined;
}

/**
 * The account's `nationality`: stored as an ISO 3166-1 alpha-2 code. The spec's `Pakistan` and `India` are read
 * as PK and IN.
 */
export const nationalitySchema = z.string({ error: 'Choose your country' }).transform((value, ctx) => {
  const code = countryCodeOf(value);
  if (!code) {
    ctx.addIssue({ code: 'custom', message: 'Choose your country' });
    return z.NEVER;
  }
  return code;
});
export type Nationality = z.infer<typeof nationalitySchema>;

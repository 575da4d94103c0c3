import { PAYME_ERRORS, type PaymeErrorCode } from '@salomtv/contract';
import { safeEqual } from '../../../lib/tokens.js';

/** The login Payme's calls carry in their Basic credentials. */
export const PAYME_LOGIN = 'Paycom';

/** Whether an Authorization header is `Basic base64("Paycom:<key>")` with one of the cash desk's keys. */
export function paymeAuthorised(header: string | undefined, keys: readonly string[]): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return false;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0 || decoded.slice(0, colon) !== PAYME_LOGIN) return false;
  const given = decoded.slice(colon + 1);
  // Every key is compared, so the time taken does not tell which one came close.
  return keys.map((key) => safeEqual(key, given)).includes(true);
}

/** The checkout address: the host, then base64 of `m=<merchant>;ac.order_id=<order>;a=<tiyin>;c=<return>`. */
export function paymeCheckoutUrl(
  checkoutUrl: string,
  fields: { merchantId: string; orderId: string; amountTiyin: number; returnUrl: string },
): string {
  const params = `m=${fields.merchantId};ac.order_id=${fields.orderId};a=${fields.amountTiyin};c=${fields.returnUrl}`;
  return `${checkoutUrl}/${Buffer.from(params, 'utf8').toString('base64')}`;
}

export interface PaymeMessage {
  ru: string;
  uz: string;
  en: string;
}

/** What each error says, in the three languages Payme shows it in. */
export const PAYME_MESSAGES: Record<PaymeErrorCode, PaymeMessage> = {
  [PAYME_ERRORS.wrongAmount]: {
    ru: 'Неверная сумма',
    uz: "Noto'g'ri summa",
    en: 'Wrong amount',
  },
  [PAYME_ERRORS.transactionNotFound]: {
    ru: 'Транзакция не найдена',
    uz: 'Tranzaksiya topilmadi',
    en: 'Transaction not found',
  },
  [PAYME_ERRORS.cannotCancel]: {
    ru: 'Невозможно отменить транзакцию: заказ выполнен',
    uz: 'Tranzaksiyani bekor qilib bo‘lmaydi: buyurtma bajarilgan',
    en: 'The transaction cannot be cancelled: the order is fulfilled',
  },
  [PAYME_ERRORS.cannotPerform]: {
    ru: 'Невозможно выполнить операцию',
    uz: 'Amalni bajarib bo‘lmaydi',
    en: 'The operation cannot be performed',
  },
  [PAYME_ERRORS.orderNotFound]: {
    ru: 'Заказ не найден',
    uz: 'Buyurtma topilmadi',
    en: 'Order not found',
  },
  [PAYME_ERRORS.orderPaid]: {
    ru: 'Заказ уже оплачен',
    uz: 'Buyurtma allaqachon to‘langan',
    en: 'The order is paid already',
  },
  [PAYME_ERRORS.orderAwaitsAnotherTransaction]: {
    ru: 'Заказ ожидает оплаты другой транзакцией',
    uz: 'Buyurtma boshqa tranzaksiya bilan to‘lovni kutmoqda',
    en: 'The order awaits payment by another transaction',
  },
  [PAYME_ERRORS.insufficientPrivileges]: {
    ru: 'Недостаточно привилегий для выполнения метода',
    uz: 'Usulni bajarish uchun huquqlar yetarli emas',
    en: 'Insufficient privileges to perform the method',
  },
  [PAYME_ERRORS.systemError]: {
    ru: 'Системная ошибка',
    uz: 'Tizim xatosi',
    en: 'System error',
  },
  [PAYME_ERRORS.notPost]: {
    ru: 'Метод запроса должен быть POST',
    uz: 'So‘rov usuli POST bo‘lishi kerak',
    en: 'The request method must be POST',
  },
  [PAYME_ERRORS.parseError]: {
    ru: 'Ошибка разбора JSON',
    uz: 'JSON tahlil xatosi',
    en: 'Parse error: the body is not JSON',
  },
  [PAYME_ERRORS.invalidRequest]: {
    ru: 'Неверный запрос',
    uz: 'Noto‘g‘ri so‘rov',
    en: 'Invalid request',
  },
  [PAYME_ERRORS.methodNotFound]: {
    ru: 'Метод не найден',
    uz: 'Usul topilmadi',
    en: 'Method not found',
  },
};

import type { Payment } from '@salomtv/contract';
import { conflict, notFound } from '../../lib/errors.js';
import type { AuditActor, AuditService } from '../../platform/audit/service.js';
import type { PaymeMerchantDeps } from './payme-merchant-service.js';
import type { PaymentRepo } from './payment-repo.js';
import type { ClickProvider } from './providers/click.js';
import { paymentView } from './subscription-view.js';

export interface PaymentRefundDeps
  extends Pick<PaymeMerchantDeps, 'transactions' | 'atomically' | 'refunded'> {
  payments: PaymentRepo;
  /** Click, when set up: its Merchant API gives a payment back to the card. */
  click: ClickProvider | undefined;
  /** An admin's refund is recorded in it. */
  audit: Pick<AuditService, 'record'>;
}

/** The admin's refunds of payments made through Payme or Click. */
export class PaymentRefunds {
  constructor(private readonly deps: PaymentRefundDeps) {}

  /**
   * An admin gives a Payme or Click payment back: marked refunded and its paid time taken back, the viewer told.
   * Click's money goes back through its Merchant API first (`payment/reversal`), and nothing changes here if Click
   * refuses; Payme's goes back through its cabinet, whose CancelTransaction then changes nothing more here.
   */
  async refundByAdmin(actor: AuditActor, paymentId: number): Promise<Payment> {
    const payment = await this.deps.payments.findById(paymentId);
    if (!payment) throw notFound('This payment does not exist');
    const ref = payment.provider_ref;
    if ((payment.provider !== 'payme' && payment.provider !== 'click') || !ref)
      throw conflict('Only payments made through Payme or Click are refunded here');
    if (payment.status !== 'succeeded') throw conflict('Only a succeeded payment can be refunded');
    let orderId = '';
    if (payment.provider === 'click') {
      if (!this.deps.click) throw conflict('Click is not a payment provider of this server any more');
      const reversed = await this.deps.click.reversePayment(ref);
      if (!reversed.ok) throw conflict(`Click did not give the payment back: ${reversed.reason}`);
    } else {
      orderId = (await this.deps.transactions.findByPaymeId(ref))?.order_id ?? '';
    }
    const provider = payment.provider;
    const refund = await this.deps.atomically(orderId, (scope) => scope.paid.refund(provider, ref));
    if (!refund) throw conflict('Only a succeeded payment can be refunded');
    await this.deps.refunded(refund);
    const after = (await this.deps.payments.findById(paymentId))!;
    await this.deps.audit.record(
      actor,
      'refund',
      'payment',
      paymentId,
      paymentView(payment),
      paymentView(after),
    );
    return paymentView(after);
  }
}

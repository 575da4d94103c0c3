import type { Payment } from '@salomtv/contract';
import { conflict, notFound } from '../../lib/errors.js';
import type { AuditActor, AuditService } from '../../platform/audit/service.js';
import type { PaymeMerchantDeps } from './payme-merchant-service.js';
import type { PaymentRepo } from './payment-repo.js';
import { paymentView } from './subscription-view.js';

export interface PaymeRefundDeps extends Pick<PaymeMerchantDeps, 'transactions' | 'atomically' | 'refunded'> {
  payments: PaymentRepo;
  /** An admin's refund is recorded in it. */
  audit: Pick<AuditService, 'record'>;
}

/** The admin's refunds of payments made through Payme's Merchant API. */
export class PaymeRefunds {
  constructor(private readonly deps: PaymeRefundDeps) {}

  /**
   * An admin gives a Payme payment back: marked refunded and its paid time taken back, the viewer told. The money
   * itself goes back through Payme's cabinet, whose CancelTransaction then changes nothing more here.
   */
  async refundByAdmin(actor: AuditActor, paymentId: number): Promise<Payment> {
    const payment = await this.deps.payments.findById(paymentId);
    if (!payment) throw notFound('This payment does not exist');
    if (payment.provider !== 'payme' || !payment.provider_ref)
      throw conflict('Only payments made through Payme are refunded here');
    if (payment.status !== 'succeeded') throw conflict('Only a succeeded payment can be refunded');
    const tx = await this.deps.transactions.findByPaymeId(payment.provider_ref);
    const ref = payment.provider_ref;
    const refund = await this.deps.atomically(tx?.order_id ?? '', (scope) => scope.paid.refund('payme', ref));
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

import { type PaymentProviderInfo, type PaymentProviderName, PROVIDER_TITLES } from '@salomtv/contract';
import type { Config } from '../../../config.js';
import type { Clock } from '../../../lib/clock.js';
import { badRequest } from '../../../lib/errors.js';
import { ClickProvider } from './click.js';
import { DemoProvider } from './demo.js';
import { PaymeProvider } from './payme.js';
import type { PaymentProvider } from './provider.js';
import { createStripeClient, StripeProvider } from './stripe.js';

/**
 * The payment providers this server takes payments through, in the order the checkout offers them. A new purchase
 * goes through the one the viewer chose; renewals and plan changes through the subscription's own (`of`).
 */
export class PaymentProviders {
  private readonly byName: ReadonlyMap<PaymentProviderName, PaymentProvider>;

  constructor(private readonly ordered: readonly PaymentProvider[]) {
    if (ordered.length === 0) throw new Error('At least one payment provider is needed');
    this.byName = new Map(ordered.map((provider) => [provider.name, provider]));
  }

  /** The first provider listed: a new account's trial row is kept with it. */
  get primary(): PaymentProvider {
    return this.ordered[0]!;
  }

  get names(): PaymentProviderName[] {
    return this.ordered.map((provider) => provider.name);
  }

  get(name: PaymentProviderName): PaymentProvider | undefined {
    return this.byName.get(name);
  }

  /** The demo provider, when listed: its checkout page and saved cards are ours to serve. */
  get demo(): DemoProvider | undefined {
    const provider = this.byName.get('demo');
    return provider instanceof DemoProvider ? provider : undefined;
  }

  /** Click, when listed: the cards it keeps for renewals are asked for through us. */
  get click(): ClickProvider | undefined {
    const provider = this.byName.get('click');
    return provider instanceof ClickProvider ? provider : undefined;
  }

  /** Stripe, when listed: its webhook is ours to verify. */
  get stripe(): StripeProvider | undefined {
    const provider = this.byName.get('stripe');
    return provider instanceof StripeProvider ? provider : undefined;
  }

  /** The providers that take payments in `currency`, in the checkout's order. */
  takes(currency: string): PaymentProvider[] {
    return this.ordered.filter((provider) => provider.takes(currency));
  }

  /** What the checkout shows for a currency: each provider's name and title. */
  offered(currency: string): PaymentProviderInfo[] {
    return this.takes(currency).map((provider) => ({
      name: provider.name,
      title: PROVIDER_TITLES[provider.name],
    }));
  }

  /** The provider a subscription was bought through; undefined when this server no longer has it. */
  of(subscription: { provider: PaymentProviderName }): PaymentProvider | undefined {
    return this.byName.get(subscription.provider);
  }

  /** The checkout's provider: the one named (it must take the currency), else the first that takes it. */
  choose(currency: string, name: PaymentProviderName | undefined): PaymentProvider {
    const provider = name ? this.byName.get(name) : this.takes(currency)[0];
    if (name && !provider) {
      throw badRequest(`Payments through ${name} are not taken here`, {
        provider: `Choose one of ${this.names.join(', ')}`,
      });
    }
    if (!provider) {
      throw badRequest(`No payment provider takes ${currency} here`, {
        currency: 'Choose another currency',
      });
    }
    if (!provider.takes(currency)) {
      throw badRequest(`${PROVIDER_TITLES[provider.name]} does not take ${currency}`, {
        provider: `Choose a provider that takes ${currency}`,
      });
    }
    return provider;
  }
}

/** The providers `PAYMENT_PROVIDERS` names, each built from its settings (config.ts has required them). */
export function createPaymentProviders(config: Config, clock: Clock): PaymentProviders {
  const build: Record<(typeof config.paymentProviders)[number], () => PaymentProvider> = {
    demo: () => new DemoProvider(),
    stripe: () => new StripeProvider(createStripeClient(config.stripe!.secretKey), config.stripe!),
    click: () => new ClickProvider(config.click!, clock),
    payme: () => new PaymeProvider(config.payme!),
  };
  return new PaymentProviders(config.paymentProviders.map((name) => build[name]()));
}

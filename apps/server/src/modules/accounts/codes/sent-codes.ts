import type { MetricCounter, Metrics } from '../../../platform/metrics/metrics.js';

/** A sender of codes (the SMS or the email provider), as the counting wrapper sees it. */
interface CodeSender<Message> {
  send(message: Message): Promise<void>;
}

/** One-time codes handed to a provider, by channel and whether the provider took them. */
export function sentCodesCounter(metrics: Metrics): MetricCounter<'channel' | 'outcome'> {
  return metrics.counter(
    'codes_sent_total',
    'One-time codes handed to the text message or email provider, by channel and outcome (sent or failed)',
    ['channel', 'outcome'],
  );
}

/** The sender, counting each code it sends: what the code services and the text queue send through. */
export function countingSends<Sender extends CodeSender<Message>, Message>(
  sender: Sender,
  channel: 'sms' | 'email',
  counter: MetricCounter<'channel' | 'outcome'>,
): Sender {
  return Object.assign(Object.create(sender) as Sender, {
    async send(message: Message) {
      try {
        await sender.send(message);
        counter.inc({ channel, outcome: 'sent' });
      } catch (error) {
        counter.inc({ channel, outcome: 'failed' });
        throw error;
      }
    },
  });
}

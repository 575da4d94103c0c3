import { Button } from '../../../../shared/ui/button';
import { describedBy, Field } from '../../../../shared/ui/field';
import { Input } from '../../../../shared/ui/input';

/** One currency's price as typed: the currency code and the month's and year's amounts in major units. */
export interface PriceRow {
  currency: string;
  monthly: string;
  yearly: string;
}

/**
 * The plan's prices in currencies besides its own (above): one row each, added and removed here. A currency without
 * a row is not offered for the plan.
 */
export function PlanPricesFields({
  idPrefix,
  rows,
  onChange,
  errorOf,
}: {
  idPrefix: string;
  rows: readonly PriceRow[];
  onChange: (rows: PriceRow[]) => void;
  errorOf: (field: string) => string | undefined;
}) {
  const update = (index: number, change: Partial<PriceRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  return (
    <fieldset className="flex flex-col gap-3" data-testid="plan-prices">
      <legend className="mb-1 text-sm font-medium">Prices in other currencies</legend>
      {rows.map((row, index) => {
        const id = (field: string) => `${idPrefix}-price-${index}-${field}`;
        const named = row.currency || `row ${index + 1}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a row's currency is what is typed in it, so it changes.
          <div key={index} className="grid items-end gap-3 sm:grid-cols-[6rem_1fr_1fr_auto]">
            <Field id={id('currency')} label="Currency" error={errorOf(`prices.${index}.currency`)}>
              <Input
                id={id('currency')}
                maxLength={3}
                value={row.currency}
                autoComplete="off"
                className="uppercase"
                onChange={(event) => update(index, { currency: event.target.value.toUpperCase() })}
                {...describedBy(id('currency'), errorOf(`prices.${index}.currency`))}
              />
            </Field>
            <Field
              id={id('monthly')}
              label={`Monthly price (${named})`}
              error={errorOf(`prices.${index}.monthly`)}
            >
              <Input
                id={id('monthly')}
                inputMode="decimal"
                value={row.monthly}
                onChange={(event) => update(index, { monthly: event.target.value })}
                {...describedBy(id('monthly'), errorOf(`prices.${index}.monthly`))}
              />
            </Field>
            <Field
              id={id('yearly')}
              label={`Yearly price (${named})`}
              error={errorOf(`prices.${index}.yearly`)}
            >
              <Input
                id={id('yearly')}
                inputMode="decimal"
                value={row.yearly}
                onChange={(event) => update(index, { yearly: event.target.value })}
                {...describedBy(id('yearly'), errorOf(`prices.${index}.yearly`))}
              />
            </Field>
            <Button variant="ghost" onClick={() => onChange(rows.filter((_, at) => at !== index))}>
              Remove {named}
            </Button>
          </div>
        );
      })}
      <div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onChange([...rows, { currency: '', monthly: '', yearly: '' }])}
        >
          Add a currency
        </Button>
      </div>
    </fieldset>
  );
}

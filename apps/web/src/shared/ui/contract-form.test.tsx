// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, networkError } from '../api/api-error';
import { useContractForm } from './contract-form';
import { FormField } from './form-field';

const bodySchema = z.object({
  title: z.string().min(1, 'Enter a title'),
  phone_number: z.string().regex(/^\+\d{6,}$/, 'Enter a phone number'),
});

/** A form of two fields whose phone is typed as parts; `answer` is what the "server" says to each submit. */
function TestForm({ answer, onBody }: { answer: () => unknown; onBody: (body: unknown) => void }) {
  const form = useContractForm(bodySchema, {
    defaultValues: { title: '', phone: { dial: '998', national: '' } },
    toBody: (values: { title: string; phone: { dial: string; national: string } }) => ({
      title: values.title,
      phone_number: `+${values.phone.dial}${values.phone.national}`,
    }),
    fieldNames: { phone_number: 'phone', phoneNumber: 'phone' },
  });
  const submit = form.handleSubmit((body) => {
    onBody(body);
    const error = answer();
    if (error) form.showServerError(error, 'Something went wrong');
  });
  return (
    <form noValidate onSubmit={submit}>
      {form.formMessage ? <p data-testid="form-message">{form.formMessage}</p> : null}
      <FormField form={form} name="title" id="t-title" label="Title" hint="Shown on the card">
        {(control) => <input {...control} {...form.register('title')} />}
      </FormField>
      <FormField form={form} name="phone" id="t-phone" label="Phone">
        {(control) => <input {...control} {...form.register('phone.national')} />}
      </FormField>
      <button type="submit">Save</button>
    </form>
  );
}

function renderForm(answer: () => unknown = () => undefined) {
  const onBody = vi.fn();
  render(<TestForm answer={answer} onBody={onBody} />);
  return { user: userEvent.setup(), onBody };
}

const errorOf = (label: string) => {
  const control = screen.getByLabelText(label);
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent).join(' | ');
};

afterEach(cleanup);

describe('useContractForm with FormField', () => {
  it("shows the schema's message next to each field it names, and sends nothing", async () => {
    const { user, onBody } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    expect(errorOf('Title')).toBe('Shown on the card | Enter a title');
    // The body's phone_number is the form's phone field.
    expect(errorOf('Phone')).toBe('Enter a phone number');
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Enter a title',
      'Enter a phone number',
    ]);
    expect(onBody).not.toHaveBeenCalled();
  });

  it('hands the parsed body over and takes an error away once its field is right', async () => {
    const { user, onBody } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.type(screen.getByLabelText('Title'), 'News');
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBeNull();
    expect(errorOf('Title')).toBe('Shown on the card');
    await user.type(screen.getByLabelText('Phone'), '901234567');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onBody).toHaveBeenCalledWith({ title: 'News', phone_number: '+998901234567' });
    expect(screen.queryAllByRole('alert')).toEqual([]);
  });

  it("puts the server's field errors on their fields, under the form's names", async () => {
    const refusal = new ApiError({
      status: 409,
      code: 'conflict',
      message: 'Refused',
      fields: { phoneNumber: 'This number is taken', title: 'Pick another title' },
    });
    const { user } = renderForm(() => refusal);
    await user.type(screen.getByLabelText('Title'), 'News');
    await user.type(screen.getByLabelText('Phone'), '901234567');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorOf('Phone')).toBe('This number is taken');
    expect(errorOf('Title')).toBe('Shown on the card | Pick another title');
    expect(screen.queryByTestId('form-message')).toBeNull();
  });

  it('shows a refusal that names no field of the form once, above the form', async () => {
    let answer: unknown = new ApiError({
      status: 400,
      code: 'bad',
      message: 'Not now',
      fields: { other: 'x' },
    });
    const { user } = renderForm(() => answer);
    await user.type(screen.getByLabelText('Title'), 'News');
    await user.type(screen.getByLabelText('Phone'), '901234567');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByTestId('form-message').textContent).toBe('Not now');
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBeNull();
    answer = networkError();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByTestId('form-message').textContent).toBe(networkError().message);
    // Anything that is not an ApiError shows the caller's words.
    answer = new TypeError('x is undefined');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByTestId('form-message').textContent).toBe('Something went wrong');
    answer = undefined;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByTestId('form-message')).toBeNull();
  });
});

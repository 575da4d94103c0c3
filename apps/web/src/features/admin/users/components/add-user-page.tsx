import { adminUserCreateBodySchema, roles, USER_STATUSES } from '@salomtv/contract';
import { Controller } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { AdminPageHeader } from '../../../../shared/ui/admin-page-header';
import { Alert } from '../../../../shared/ui/alert';
import { Button } from '../../../../shared/ui/button';
import { buttonClasses } from '../../../../shared/ui/button-classes';
import { useContractForm } from '../../../../shared/ui/contract-form';
import { countryOptions } from '../../../../shared/ui/country-list';
import { FormField } from '../../../../shared/ui/form-field';
import { Input, Select } from '../../../../shared/ui/input';
import { composePhone, type PhoneParts } from '../../../../shared/ui/phone-number';
import { PhoneNumberInput } from '../../../../shared/ui/phone-number-input';
import { useToast } from '../../../../shared/ui/toast-context';
import { useCreateUser } from '../api/users';
import { STATUS_LABELS } from './user-bits';

/** What the form holds: the phone as its parts, every other field as typed or picked. */
type UserForm = Record<
  'first_name' | 'last_name' | 'email' | 'password' | 'role' | 'status' | 'nationality',
  string
> & {
  phone: PhoneParts;
};

const toBody = ({ phone, nationality, ...fields }: UserForm) => ({
  phone_number: composePhone(phone),
  ...fields,
  ...(nationality ? { nationality } : {}),
});

/** /adduser: an administrator creates an account (checked with the server's schema before it is sent). */
export function AddUserPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const create = useCreateUser();
  const form = useContractForm(adminUserCreateBodySchema, {
    defaultValues: {
      phone: { iso: 'UZ', national: '' },
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      role: 'user',
      status: 'active',
      nationality: '',
    },
    toBody,
    fieldNames: { phone_number: 'phone' },
  });

  const submit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (user) => {
        toast.show(`User ${user.phone_number} created`);
        navigate('/user');
      },
      onError: (error) => form.showServerError(error, 'Something went wrong'),
    }),
  );

  const text = (field: 'first_name' | 'last_name' | 'email' | 'password', label: string, type = 'text') => (
    <FormField form={form} name={field} id={`user-${field}`} label={label}>
      {(control) => (
        <Input
          {...control}
          type={type}
          autoComplete={type === 'password' ? 'new-password' : 'off'}
          {...form.register(field)}
        />
      )}
    </FormField>
  );

  return (
    <>
      <AdminPageHeader
        title="Add User"
        actions={
          <Link to="/user" className={buttonClasses('secondary', 'md')}>
            All Users
          </Link>
        }
      />
      <form
        noValidate
        onSubmit={submit}
        aria-label="Add User"
        className="flex max-w-2xl flex-col gap-5 rounded-card border border-border bg-surface p-5 sm:p-6"
      >
        {form.formMessage ? <Alert>{form.formMessage}</Alert> : null}
        <FormField form={form} name="phone" id="user-phone" label="Phone Number">
          {(control) => (
            <Controller
              control={form.control}
              name="phone"
              render={({ field }) => (
                <PhoneNumberInput
                  id={control.id}
                  value={field.value}
                  onChange={field.onChange}
                  codeLabel="Country code"
                  locale="en"
                  describedBy={control}
                />
              )}
            />
          )}
        </FormField>
        <div className="grid gap-5 sm:grid-cols-2">
          {text('first_name', 'First Name')}
          {text('last_name', 'Last Name')}
        </div>
        {text('email', 'Email', 'email')}
        {text('password', 'Password', 'password')}
        <div className="grid gap-5 sm:grid-cols-3">
          <FormField form={form} name="role" id="user-role" label="Role">
            {(control) => (
              <Select {...control} {...form.register('role')}>
                {roles.map((role) => (
                  <option key={role} value={role}>
                    {role === 'admin' ? 'Admin' : 'User'}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField form={form} name="status" id="user-status" label="Status">
            {(control) => (
              <Select {...control} {...form.register('status')}>
                {USER_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {STATUS_LABELS[status]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField form={form} name="nationality" id="user-country" label="Country">
            {(control) => (
              <Select {...control} {...form.register('nationality')}>
                <option value="">Not set</option>
                {countryOptions('en').map((country) => (
                  <option key={country.code} value={country.code}>
                    {country.name}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        </div>
        <div>
          <Button type="submit" size="lg" busy={create.isPending}>
            Create user
          </Button>
        </div>
      </form>
    </>
  );
}

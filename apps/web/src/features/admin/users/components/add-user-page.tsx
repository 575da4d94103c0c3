import { type AdminUserCreateBody, adminUserCreateBodySchema, roles, USER_STATUSES } from '@salomtv/contract';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../../shared/api/api-error';
import { AdminPageHeader } from '../../../../shared/ui/admin-page-header';
import { Alert } from '../../../../shared/ui/alert';
import { Button } from '../../../../shared/ui/button';
import { buttonClasses } from '../../../../shared/ui/button-classes';
import { countryOptions } from '../../../../shared/ui/country-list';
import { describedBy, Field } from '../../../../shared/ui/field';
import { Input, Select } from '../../../../shared/ui/input';
import { composePhone, type PhoneParts } from '../../../../shared/ui/phone-number';
import { PhoneNumberInput } from '../../../../shared/ui/phone-number-input';
import { useToast } from '../../../../shared/ui/toast-context';
import { useCreateUser } from '../api/users';
import { STATUS_LABELS } from './user-bits';

type Errors = Partial<Record<string, string>>;

/** /adduser: an administrator creates an account (checked with the server's schema before it is sent). */
export function AddUserPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const create = useCreateUser();
  const [phone, setPhone] = useState<PhoneParts>({ iso: 'UZ', national: '' });
  const [form, setForm] = useState({
    first_name: '',
    last_name: '',
    email: '',
    password: '',
    role: 'user',
    status: 'active',
    nationality: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const serverFields = isApiError(create.error) ? create.error.fields : {};
  const errorOf = (field: string) => errors[field] ?? serverFields[field];
  const set = (field: keyof typeof form) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      phone_number: composePhone(phone),
      first_name: form.first_name,
      last_name: form.last_name,
      email: form.email,
      password: form.password,
      role: form.role,
      status: form.status,
      ...(form.nationality ? { nationality: form.nationality } : {}),
    };
    const parsed = adminUserCreateBodySchema.safeParse(body);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate(body as AdminUserCreateBody, {
      onSuccess: (user) => {
        toast.show(`User ${user.phone_number} created`);
        navigate('/user');
      },
    });
  };

  const text = (field: 'first_name' | 'last_name' | 'email' | 'password', label: string, type = 'text') => (
    <Field id={`user-${field}`} label={label} error={errorOf(field)}>
      <Input
        id={`user-${field}`}
        type={type}
        autoComplete={type === 'password' ? 'new-password' : 'off'}
        value={form[field]}
        onChange={(event) => set(field)(event.target.value)}
        {...describedBy(`user-${field}`, errorOf(field))}
      />
    </Field>
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
        {create.isError && Object.keys(serverFields).length === 0 ? (
          <Alert>{create.error.message}</Alert>
        ) : null}
        <Field id="user-phone" label="Phone Number" error={errorOf('phone_number')}>
          <PhoneNumberInput
            id="user-phone"
            value={phone}
            onChange={(next) => {
              setPhone(next);
              setErrors(({ phone_number: _, ...rest }) => rest);
            }}
            codeLabel="Country code"
            locale="en"
            describedBy={describedBy('user-phone', errorOf('phone_number'))}
          />
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          {text('first_name', 'First Name')}
          {text('last_name', 'Last Name')}
        </div>
        {text('email', 'Email', 'email')}
        {text('password', 'Password', 'password')}
        <div className="grid gap-5 sm:grid-cols-3">
          <Field id="user-role" label="Role" error={errorOf('role')}>
            <Select id="user-role" value={form.role} onChange={(event) => set('role')(event.target.value)}>
              {roles.map((role) => (
                <option key={role} value={role}>
                  {role === 'admin' ? 'Admin' : 'User'}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="user-status" label="Status" error={errorOf('status')}>
            <Select
              id="user-status"
              value={form.status}
              onChange={(event) => set('status')(event.target.value)}
            >
              {USER_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="user-country" label="Country" error={errorOf('nationality')}>
            <Select
              id="user-country"
              value={form.nationality}
              onChange={(event) => set('nationality')(event.target.value)}
            >
              <option value="">Not set</option>
              {countryOptions('en').map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </Select>
          </Field>
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

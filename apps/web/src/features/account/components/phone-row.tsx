import { OTP_CODE_LENGTH, phoneNumberSchema, type UserProfile } from '@salomtv/contract';
import { useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { useCountdown } from '../../../shared/hooks/use-countdown';
import { useLanguage } from '../../../shared/i18n/language-context';
import { htmlLangOf } from '../../../shared/i18n/translate';
import { Button } from '../../../shared/ui/button';
import { describedBy, Field } from '../../../shared/ui/field';
import { Input } from '../../../shared/ui/input';
import { composePhone, phoneLooksValid, splitPhone } from '../../../shared/ui/phone-number';
import { PhoneNumberInput } from '../../../shared/ui/phone-number-input';
import { useToast } from '../../../shared/ui/toast-context';
import { useEditProfile, usePhoneChangeCode } from '../api/profile';
import { refusalOf } from './account-format';
import { CodeField } from './code-field';
import { EditableRow } from './editable-row';

/**
 * Phone Number: a code goes to the new number, and the change needs it and the current password (the old number
 * is told of the change, and the account's other sessions end).
 */
export function PhoneRow({ profile }: { profile: UserProfile }) {
  const { t, plural, keyword } = useLanguage();
  const toast = useToast();
  const edit = useEditProfile();
  const sendCode = usePhoneChangeCode();
  const [open, setOpen] = useState(false);
  const [parts, setParts] = useState(() => splitPhone(profile.phone_number));
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [current, setCurrent] = useState('');
  const [phoneError, setPhoneError] = useState<string>();
  const [resendAt, setResendAt] = useState(0);
  const wait = useCountdown(resendAt);
  const refusal = refusalOf(edit.error, ['phone_number', 'code', 'current_password'], t);
  const sendError = sendCode.isError
    ? isApiError(sendCode.error) && sendCode.error.status === 429
      ? wait > 0
        ? plural('wait_before_new_code', wait)
        : undefined
      : isApiError(sendCode.error) && sendCode.error.status === 400
        ? t('invalid_phone_number')
        : sendCode.error.message
    : undefined;
  const numberError = phoneError ?? refusal.fields.phone_number ?? sendError;
  const codeError = refusal.fields.code;
  const currentError = refusal.fields.current_password;
  const ready = sentTo !== null && code.length === OTP_CODE_LENGTH && current !== '';

  const send = async () => {
    const phone = composePhone(parts);
    if (!phoneNumberSchema.safeParse(phone).success || !(await phoneLooksValid(phone))) {
      return setPhoneError(t('invalid_phone_number'));
    }
    setPhoneError(undefined);
    sendCode.mutate(phone, {
      onSuccess: (reply) => {
        setSentTo(phone);
        setCode('');
        setResendAt(Date.now() + reply.resendAfterSeconds * 1000);
      },
      onError: (error) => {
        if (isApiError(error) && error.retryAfterSeconds)
          setResendAt(Date.now() + error.retryAfterSeconds * 1000);
      },
    });
  };

  const save = () => {
    if (!ready) return;
    edit.mutate(
      { phone_number: sentTo, code, current_password: current },
      {
        onSuccess: () => {
          toast.show(t('updated'));
          setOpen(false);
        },
      },
    );
  };

  return (
    <EditableRow
      id="phone"
      label={t('phone_number')}
      value={<bdi dir="ltr">{profile.phone_number}</bdi>}
      open={open}
      onOpen={() => {
        setParts(splitPhone(profile.phone_number));
        setSentTo(null);
        setCode('');
        setCurrent('');
        setPhoneError(undefined);
        edit.reset();
        sendCode.reset();
        setOpen(true);
      }}
      onCancel={() => setOpen(false)}
      onSave={save}
      busy={edit.isPending}
      saveDisabled={!ready}
      message={refusal.message}
    >
      <Field id="account-phone" label={t('phone_number')} error={numberError}>
        <div className="flex flex-col gap-2 sm:flex-row">
          <div className="min-w-0 flex-1">
            <PhoneNumberInput
              id="account-phone"
              value={parts}
              onChange={(next) => {
                setParts(next);
                setPhoneError(undefined);
                setSentTo(null);
              }}
              codeLabel={t('country_code')}
              locale={htmlLangOf(keyword)}
              describedBy={describedBy('account-phone', numberError)}
            />
          </div>
          <Button
            variant="secondary"
            className="h-11"
            onClick={send}
            busy={sendCode.isPending}
            disabled={wait > 0 || !parts.national.trim()}
          >
            {wait > 0 ? `${t('send_otp')} (${wait})` : t('send_otp')}
          </Button>
        </div>
      </Field>
      {sentTo ? (
        <CodeField
          id="account-phone-otp"
          label={t('otp_code')}
          sentTo={sentTo}
          error={codeError}
          value={code}
          onChange={setCode}
        />
      ) : null}
      {sentTo ? (
        <Field id="phone-current-password" label={t('current_password')} error={currentError}>
          <Input
            id="phone-current-password"
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
            {...describedBy('phone-current-password', currentError)}
          />
        </Field>
      ) : null}
    </EditableRow>
  );
}

import type { OtpSendBody, OtpSendReply, OtpVerifyBody, OtpVerifyReply } from '@salomtv/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client';

/** `POST /api/otp/send`: texts a 6-digit code (purpose sign-up unless told); 429 with Retry-After when too soon. */
export const sendOtp = (body: OtpSendBody) =>
  api.request<OtpSendReply>('/api/otp/send', { method: 'POST', json: body });

/** `POST /api/otp/verify`: HTTP 200 with `data` approved, pending, expired or max_attempts_reached. */
export const verifyOtp = (body: OtpVerifyBody) =>
  api.request<OtpVerifyReply>('/api/otp/verify', { method: 'POST', json: body });

export const useSendOtp = () => useMutation({ mutationFn: sendOtp });
export const useVerifyOtp = () => useMutation({ mutationFn: verifyOtp });

// Account calls of the app: sign-in/out, one-time codes, passwords, profile and profile picture.
import { api, ApiRequestError } from './api';
import { toApiPhone } from '../domain/phone';
import { STORAGE_KEYS, readJson, readSessionId, writeJson, writeSessionId } from './storage';

import type { Student } from '../domain/student';


/** A code request: `otp` is present only when the server hands the code out directly (development). */
export interface OtpSession {
  hash: string;
  phone: string;
  otp?: string;
}

export function rememberStudent(student: Student): void {
  writeJson(STORAGE_KEYS.student, student);
}

/** Signs in and keeps the session id (localStorage with Remember me, this tab only without). */
export async function signIn(phone: string, password: string, remember: boolean): Promise<Student> {
  let sessionId: string | null = null;
  const data = await api.post<{ student: Student }>(
    '/student/login',
    { username: toApiPhone(phone), password },
    { onResponseHeaders: (headers) => (sessionId = headers.get('sessionid')) },
  );
  if (!sessionId) throw new ApiRequestError(500, 'The server did not start a session.', 'noSession', false);
  writeSessionId(sessionId, remember);
  rememberStudent(data.student);
  return data.student;
}

export async function signOut(): Promise<string> {
  const data = await api.get<{ message: string }>('/auth/logout');
  return data.message;
}

export const requestRegistrationCode = (phone: string) => api.get<OtpSession>(`/student/otp/${toApiPhone(phone)}`);
export const requestResetCode = (phone: string) => api.patch<OtpSession>(`/student/forgot-password/${toApiPhone(phone)}`);

export interface SetPasswordInput {
  otp: string;
  hash: string;
  phone: string;
  password: string;
}
export async function setPassword(input: SetPasswordInput, options: { forgotPassword: boolean }): Promise<string> {
  const data = await api.patch<{ message: string }>('/student/set-password', { ...input, phone: toApiPhone(input.phone) }, options.forgotPassword ? { query: { forgotPassword: true } } : undefined);
  return data.message;
}

export const fetchProfile = () => api.get<Student>('/student/profile');

export interface ProfileUpdate {
  SSCGPA: number;
  HSCGPA: number;
  profilePic?: string;
}
export async function updateProfile(update: ProfileUpdate): Promise<Student> {
  const student = await api.patch<Student>('/student/profile', update);
  rememberStudent(student);
  return student;
}

/** Uploads a file through a signed URL and returns its storage key and where the browser can load it. */
export async function uploadFile(file: Blob): Promise<{ key: string; url: string }> {
  const { signedUrl, key } = await api.get<{ signedUrl: string; key: string }>('/content/signed-request', { query: { mimeType: file.type } });
  let response: Response;
  try {
    response = await fetch(signedUrl, { method: 'PUT', body: file, headers: { 'Content-Type': file.type } });
  } catch (error) {
    throw new ApiRequestError(0, 'Network error', 'network', true, (error as Error).message);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { errors?: { title?: string; code?: string; message?: string } } | null;
    throw new ApiRequestError(response.status, body?.errors?.title ?? 'Upload failed', body?.errors?.code, false, body?.errors?.message);
  }
  return { key, url: `/media/files/${key}` };
}

/** The student kept from an earlier visit, when the session id is still stored. */
export function storedStudent(): Student | null {
  if (!readSessionId()) return null;
  return readJson<Student | null>(STORAGE_KEYS.student, null);
}

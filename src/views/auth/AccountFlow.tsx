// Holds the registration or password-reset actor across /register|/forget-password, /otp and
// /setpassword, and moves the student to the screen of the flow's current state. A flow waiting for
// its code is kept for the tab, so a reload on /otp within the code's lifetime resumes it.
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { createActor, fromPromise, type Observer, type StateValue, type Subscription } from 'xstate';
import type { OtpFlowContext, OtpFlowEvent } from '../../machines/otpFlow';
import { registrationMachine } from '../../machines/registration.machine';
import { forgotPasswordMachine } from '../../machines/forgotPassword.machine';
import { accountApi } from '../../services/account';
import { useSessionActor } from '../app/RootActors';
import { showFailure, toast } from '../ui/toast';
import { forgetPendingOtp, keepPendingOtp, pendingOtp, type FlowKind } from '../../services/otpFlowStore';

export type { FlowKind } from '../../services/otpFlowStore';
/** What the code screens read of a flow's snapshot: registration and reset share context, events and these states. */
export interface OtpFlowSnapshot {
  status: 'active' | 'done' | 'error' | 'stopped';
  context: OtpFlowContext;
  hasTag(tag: string): boolean;
  matches(value: StateValue): boolean;
  can(event: OtpFlowEvent): boolean;
}
/** Either flow's actor, as the code screens use it. */
export interface OtpFlowActor {
  getSnapshot(): OtpFlowSnapshot;
  subscribe(observer: Observer<OtpFlowSnapshot>): Subscription;
  subscribe(next: (snapshot: OtpFlowSnapshot) => void, error?: (error: unknown) => void, complete?: () => void): Subscription;
  send(event: OtpFlowEvent): void;
  start(): void;
  stop(): void;
}

interface AccountFlowValue {
  flow: { kind: FlowKind; actor: OtpFlowActor } | null;
  /** Returns a flow of this kind ready for a phone number, starting a new one when needed. */
  begin(kind: FlowKind): OtpFlowActor;
}
const AccountFlowContext = createContext<AccountFlowValue | null>(null);

export function useAccountFlow(): AccountFlowValue {
  const value = useContext(AccountFlowContext);
  if (!value) throw new Error('AccountFlow is missing above this screen');
  return value;
}

const entryPath: Record<FlowKind, string> = { register: '/register', reset: '/forget-password' };

function screenFor(kind: FlowKind, snapshot: OtpFlowSnapshot): string | null {
  if (snapshot.status !== 'active') return null;
  if (snapshot.matches('enteringPhone') || snapshot.matches('requestingOtp')) return entryPath[kind];
  if (snapshot.matches('awaitingOtp')) return '/otp';
  return '/setpassword';
}

export function AccountFlow() {
  const navigate = useNavigate();
  const session = useSessionActor();
  const [flow, setFlow] = useState<AccountFlowValue['flow']>(null);
  const flowRef = useRef(flow);
  flowRef.current = flow;

  const begin = useCallback(
    (kind: FlowKind): OtpFlowActor => {
      const current = flowRef.current;
      if (current && current.kind === kind) {
        const snapshot = current.actor.getSnapshot();
        if (snapshot.status === 'active' && (snapshot.matches('enteringPhone') || snapshot.matches('requestingOtp'))) return current.actor;
      }
      current?.actor.stop();
      const actor: OtpFlowActor =
        kind === 'register'
          ? createActor(
              registrationMachine.provide({
                actors: {
                  requestOtp: fromPromise(({ input }) => accountApi.requestRegistrationCode(input.phone)),
                  checkOtp: fromPromise(({ input }) => accountApi.checkCode(input, { forgotPassword: false })),
                  setPassword: fromPromise(({ input }) => accountApi.setPassword(input, { forgotPassword: false })),
                  signIn: fromPromise(({ input }) => accountApi.signIn(input.phone, input.password, true)),
                },
                actions: {
                  showError: (_, { error }) => showFailure(error),
                  notifyPasswordSet: (_, { message }) => toast.success(message),
                  announceSignedIn: (_, { student }) => session.send({ type: 'session.established', student }),
                  goToSignIn: () => navigate('/login', { replace: true }),
                },
              }),
            )
          : createActor(
              forgotPasswordMachine.provide({
                actors: {
                  requestOtp: fromPromise(({ input }) => accountApi.requestResetCode(input.phone)),
                  checkOtp: fromPromise(({ input }) => accountApi.checkCode(input, { forgotPassword: true })),
                  setPassword: fromPromise(({ input }) => accountApi.setPassword(input, { forgotPassword: true })),
                },
                actions: {
                  showError: (_, { error }) => showFailure(error),
                  notifyPasswordSet: (_, { message }) => toast.success(message),
                  goToSignIn: () => navigate('/login', { replace: true }),
                },
              }),
            );
      actor.start();
      const next = { kind, actor };
      flowRef.current = next;
      setFlow(next);
      return actor;
    },
    [navigate, session],
  );

  // A reload on the code screen: the flow waiting for that code comes back before the first paint.
  const [resumable] = useState(() => (window.location.pathname === '/otp' ? pendingOtp() : null));
  useLayoutEffect(() => {
    if (!resumable || flowRef.current) return;
    begin(resumable.kind).send({ type: 'otp.resume', phone: resumable.phone, hash: resumable.hash, resendSecondsLeft: resumable.secondsLeft });
  }, [resumable, begin]);

  // Follow the flow: each state change may call for another screen, and a code sent is kept for the tab.
  useEffect(() => {
    if (!flow) return;
    let last = screenFor(flow.kind, flow.actor.getSnapshot());
    const subscription = flow.actor.subscribe((snapshot) => {
      if (snapshot.status === 'done' || (snapshot.status === 'active' && snapshot.matches('enteringPhone'))) forgetPendingOtp();
      else if (snapshot.matches('awaitingOtp') && pendingOtp()?.hash !== snapshot.context.hash) {
        keepPendingOtp({ kind: flow.kind, phone: snapshot.context.phone, hash: snapshot.context.hash, sentAt: Date.now() });
      }
      const screen = screenFor(flow.kind, snapshot);
      if (screen && screen !== last && screen !== window.location.pathname) navigate(screen);
      last = screen;
    });
    return () => subscription.unsubscribe();
  }, [flow, navigate]);

  useEffect(
    () => () => {
      flowRef.current?.actor.stop();
    },
    [],
  );

  return (
    <AccountFlowContext.Provider value={{ flow, begin }}>
      <Outlet />
    </AccountFlowContext.Provider>
  );
}

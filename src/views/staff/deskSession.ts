// The teacher desk's session actor, one for the tab: started by the first desk page shown and kept
// while the teacher moves between desk pages, so only a reload asks the server again. See the
// comment of DeskLayout.tsx for how a page uses it.
import { createActor, fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import { deskSessionMachine, type DeskSessionEvent } from '../../machines/deskSession.machine';
import type { Staff } from '../../contracts/account';
import { staffApi } from '../../services/staff';
import { onSignedOut } from '../../services/api';
import { forgetSessionId } from '../../services/storage';

export type DeskSessionActor = ActorRefFrom<typeof deskSessionMachine>;

let actor: DeskSessionActor | null = null;

/** The tab's desk session actor (started on first use). */
export function deskSession(): DeskSessionActor {
  actor ??= createActor(
    deskSessionMachine.provide({
      actors: {
        checkSession: fromPromise(() => staffApi.session()),
        signIn: fromPromise(({ input }) => staffApi.signIn(input.username, input.password)),
        signOut: fromPromise(() => staffApi.signOut()),
        watchSessionEnd: fromCallback<DeskSessionEvent>(({ sendBack }) => onSignedOut(() => sendBack({ type: 'deskSession.ended' }))),
      },
      actions: { forgetSession: () => forgetSessionId() },
    }),
  ).start();
  return actor;
}

/** The signed-in staff member; a page inside DeskLayout always has one. */
export function useDeskStaff(): Staff {
  const staff = useSelector(deskSession(), (s) => s.context.staff);
  if (!staff) throw new Error('useDeskStaff is for pages inside DeskLayout');
  return staff;
}

/**
 * Where to go after the sign-in: the `next` of /staff?next=…, when it is a desk page of this site
 * (a path starting with /staff, not another origin); /staff otherwise.
 */
export function deskReturnPath(search: string): string {
  const next = new URLSearchParams(search).get('next');
  if (!next || !/^\/staff(?:[/?#]|$)/.test(next) || next.includes('//') || next.includes('\\')) return '/staff';
  return next;
}

/** The sign-in address that comes back to `path` (with its query) afterwards. */
export const deskSignInPath = (path: string): string => (path === '/staff' ? '/staff' : `/staff?next=${encodeURIComponent(path)}`);

// The phone step that opens registration (/register) and password reset (/forget-password).
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { AuthCard, TextField } from './AuthCard';
import { Button } from '../ui/Button';
import { useAccountFlow, type FlowKind } from './AccountFlow';

export function PhoneEntry({ kind, title, subtitle }: { kind: FlowKind; title: string; subtitle: string }) {
  const { flow, begin } = useAccountFlow();
  useEffect(() => {
    begin(kind);
  }, [begin, kind]);
  const actor = flow?.kind === kind ? flow.actor : null;
  // One card whether or not the flow has started, so the heading that a navigation focuses stays.
  return (
    <AuthCard title={title} subtitle={subtitle}>
      {actor && <PhoneForm actor={actor} />}
    </AuthCard>
  );
}

function PhoneForm({ actor }: { actor: NonNullable<ReturnType<typeof useAccountFlow>['flow']>['actor'] }) {
  const [phone, setPhone] = useState(actor.getSnapshot().context.phone);
  const requesting = useSelector(actor, (s) => s.hasTag('loading'));
  const phoneError = useSelector(actor, (s) => s.context.phoneError);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'phone.submit', phone });
  };
  return (
    <>
      <form onSubmit={submit} noValidate>
        <TextField
          id="flow-phone"
          label="Mobile number"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="01XXXXXXXXX"
          maxLength={11}
          value={phone}
          onChange={(e) => setPhone(e.target.value.replace(/\D/g, ''))}
          error={phoneError}
        />
        <Button type="submit" size="lg" block busy={requesting}>
          Proceed
        </Button>
      </form>
      <p className="mt-5 text-center text-sm text-slate-600">
        Already have an account?{' '}
        <Link to="/login" className="-my-2.5 inline-block py-2.5 font-medium text-brand-700 hover:underline">
          Sign In
        </Link>
      </p>
    </>
  );
}

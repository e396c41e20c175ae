// Back for every dead end: one step back in this tab's history, or My Courses when the page was opened
// directly (a link from a message, a notification, a reload).
import { useNavigate } from 'react-router-dom';
import { Button } from '../ui/Button';
import type { ButtonVariant } from '../ui/looks';

function useBack(): () => void {
  const navigate = useNavigate();
  return () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate('/');
  };
}

export function BackButton({ variant = 'secondary' }: { variant?: ButtonVariant }) {
  const back = useBack();
  return (
    <Button variant={variant} onClick={back}>
      Back
    </Button>
  );
}

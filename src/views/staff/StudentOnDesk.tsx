// What a signed-in student meets at a desk address: the desk is for staff, with the way back.
import { AuthCard } from '../auth/AuthCard';
import { ButtonLink } from '../ui/ButtonLink';
import { Notice } from '../ui/Notice';

export function StudentOnDesk({ name }: { name: string }) {
  return (
    <AuthCard title="Teacher desk">
      <Notice className="my-2" title={`You are signed in as ${name}, a student.`} action={<ButtonLink to="/">Go to My Courses</ButtonLink>}>
        The teacher desk is for teachers and administrators. Sign out of the student account first.
      </Notice>
    </AuthCard>
  );
}

// A link that looks like a Button ('Create an account', 'Videos', 'View scoreboard').
import { buttonClass, type ButtonLook } from './looks';
import { PageLink, type PageLinkProps } from './PageLink';

export function ButtonLink({ variant, size, block, className = '', ...link }: ButtonLook & PageLinkProps) {
  return <PageLink className={`${buttonClass({ variant, size, block })} ${className}`} {...link} />;
}

// A router link that looks like a Button ('Create an account', 'Videos', 'View scoreboard').
import { Link, type LinkProps } from 'react-router-dom';
import { buttonClass, type ButtonLook } from './Button';

export function ButtonLink({ variant, size, block, className = '', ...link }: ButtonLook & LinkProps) {
  return <Link className={`${buttonClass({ variant, size, block })} ${className}`} {...link} />;
}

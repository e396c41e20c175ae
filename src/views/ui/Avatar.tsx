// A student's round picture, or their initials when there is none (spec: 80 on the profile).
import { useState } from 'react';

/**
 * Up to two initials from the words of a name that start with a letter ('Nusrat Jahan' → 'NJ'). A new
 * student's name is their phone number until the academy sets it: digits are no one's initials, so such a
 * name gives none and the avatar draws a person instead of the phone's first digit.
 */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((word) => /^\p{L}/u.test(word));
  const picked = words.length > 2 ? [words[0]!, words[words.length - 1]!] : words;
  return picked.map((word) => [...word][0]!.toLocaleUpperCase('en-US')).join('');
}

export function Avatar({ src, name, size }: { src: string | null | undefined; name: string; size: number }) {
  // A picture that cannot be drawn (gone from storage, not an image) gives way to the initials, never a broken image.
  const [broken, setBroken] = useState<string | null>(null);
  if (src && src !== broken) {
    return <img src={src} alt="" width={size} height={size} style={{ width: size, height: size }} onError={() => setBroken(src)} className="shrink-0 rounded-full object-cover" />;
  }
  const initials = initialsOf(name);
  const frame = 'inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800';
  if (!initials) {
    return (
      <span style={{ width: size, height: size }} className={frame} aria-hidden="true" data-testid="avatar-person">
        <svg viewBox="0 0 24 24" width={size * 0.6} height={size * 0.6} fill="currentColor">
          <path d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2c-4.4 0-8 2.5-8 5.5V21h16v-1.5c0-3-3.6-5.5-8-5.5Z" />
        </svg>
      </span>
    );
  }
  return (
    <span
      style={{ width: size, height: size, fontSize: size * 0.4 }}
      // The initials are drawn, not written: a control named "Account menu" or "My Profile" around
      // the picture then has no visible text that differs from its name.
      data-initials={initials}
      className={`${frame} before:content-[attr(data-initials)]`}
      aria-hidden="true"
    />
  );
}

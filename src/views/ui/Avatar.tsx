// A student's round picture, or their initials when there is none (spec: 80 on the profile).
export function Avatar({ src, name, size }: { src: string | null | undefined; name: string; size: number }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
  return src ? (
    <img src={src} alt="" width={size} height={size} style={{ width: size, height: size }} className="shrink-0 rounded-full object-cover" />
  ) : (
    <span
      style={{ width: size, height: size, fontSize: size * 0.4 }}
      // The initials are drawn, not written: a control named "Account menu" or "My Profile" around
      // the picture then has no visible text that differs from its name.
      data-initials={initials || '?'}
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800 before:content-[attr(data-initials)]"
      aria-hidden="true"
    />
  );
}

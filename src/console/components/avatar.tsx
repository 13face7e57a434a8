import { useState } from 'react';
import { initials } from '#contract/overview-page';

interface AvatarProps {
  name: string;
  email?: string;
  src?: string;
}

/** A picture when there is one that loads, otherwise initials; decorative, as the name is shown beside it. */
export function Avatar({ name, email = '', src }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const base = 'size-12 shrink-0 rounded-full';
  if (src && !failed) {
    return (
      <img
        src={src}
        alt=""
        className={`${base} object-cover`}
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${base} inline-flex items-center justify-center bg-accent-soft text-base font-semibold text-accent-soft-fg`}
    >
      {initials(name, email) || '?'}
    </span>
  );
}

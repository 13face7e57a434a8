import type { ComponentProps } from 'react';

/** A placeholder block; hidden from assistive technology, which hears the loading status instead. */
export function Skeleton({ className = '', ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={`animate-pulse rounded-md bg-skeleton motion-reduce:animate-none ${className}`}
      {...props}
    />
  );
}

import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'wouter';

/**
 * The page's h1. On every navigation it takes focus, so that keyboard and screen-reader users
 * start at the top of the new page (the shell announces the new title).
 */
export function PageHeading({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const [location] = useLocation();
  useEffect(() => {
    ref.current?.focus({ preventScroll: false });
  }, [location]);
  return (
    <h1 ref={ref} tabIndex={-1} className={className} data-page-heading="">
      {children}
    </h1>
  );
}

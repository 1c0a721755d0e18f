import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PageHeading } from '../../shell/PageHeading.js';
import * as s from '../../shell/shell.css.js';
import * as cs from './clients.css.js';

/** What a non-admin sees on an admins' page (as Erase a person): the page's name and why there is nothing. */
export function AdminsOnly({ title }: { title: string }) {
  return (
    <>
      <header className={s.pageHeader}>
        <PageHeading className={s.heading}>{title}</PageHeading>
      </header>
      <p>Only admins can manage clients and their destinations.</p>
    </>
  );
}

/** The way up: to the clients, or to the client a destination belongs to. */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className={cs.back}>
      <span aria-hidden="true">← </span>
      {children}
    </Link>
  );
}

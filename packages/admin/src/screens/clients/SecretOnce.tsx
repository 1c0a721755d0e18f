import { Button } from '@lead/headless/Button';
import { useId, useState, type ReactNode } from 'react';
import { dismissSecret } from '../settings/delivery.store.js';
import * as st from '../settings/settings.css.js';

/**
 * A secret shown once (a webhook's signing secret after it is added or rotated, a client's new API
 * key): copyable, with a plain warning that it will not be shown again. A webhook's by default.
 */
export function SecretOnce({
  name,
  secret,
  title = `Signing secret of ${name}`,
  label = 'Signing secret',
  note = 'The receiver verifies each webhook with it (Standard Webhooks).',
  copyLabel = 'Copy secret',
  onDismiss = dismissSecret,
}: {
  name: string;
  secret: string;
  title?: string;
  /** The secret's accessible name. */
  label?: string;
  note?: ReactNode;
  copyLabel?: string;
  onDismiss?: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} role="status" className={st.secretBox}>
      <h2 id={titleId}>{title}</h2>
      <p>
        <strong>Copy it now: you will not see it again.</strong> {note}
      </p>
      <code aria-label={label} className={st.secretValue}>
        {secret}
      </code>
      <div className={st.toolbar}>
        <Button
          onPress={() =>
            void navigator.clipboard?.writeText(secret).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : copyLabel}
        </Button>
        <Button onPress={onDismiss}>I have copied it</Button>
      </div>
    </section>
  );
}

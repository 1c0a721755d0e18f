import { useMemo, useState, type ReactNode, type Ref } from 'react';
import { Button, DropZone, FileTrigger, isFileDropItem, type DropZoneProps } from 'react-aria-components';
import { keepDefaultClass, mergeRefs } from '../internal/compose.js';

export interface FileRejection {
  name: string;
  message: string;
}

export interface FileDropZoneProps extends Omit<DropZoneProps, 'children' | 'onDrop' | 'getDropOperation'> {
  /** What the zone is for; its accessible name ("Drop a CSV file or choose one"). */
  label: string;
  /** Accepted types: MIME types (`text/csv`) or extensions (`.csv`). Empty accepts anything. */
  accept?: readonly string[];
  /** The largest file, in bytes. */
  maxSize?: number;
  /** Takes several files at once (one by default). */
  allowsMultiple?: boolean;
  /** Receives the accepted files (none when every file was refused). */
  onFiles: (files: File[]) => void;
  /** Receives the refused files with their messages, also listed in the zone. */
  onReject?: (rejections: FileRejection[]) => void;
  /** The message for a file over `maxSize`. */
  tooLargeMessage?: (file: File, maxSize: number) => string;
  /** The message for a file of a type not in `accept`. */
  wrongTypeMessage?: (file: File) => string;
  /** The file button's text ("Choose file"). */
  chooseLabel?: string;
  /** A line under the label (accepted types, size). */
  hint?: ReactNode;
  /** The root's id (react-aria's DropZone keeps none). */
  id?: string;
  /** The zone's root `<div>`: DOM props, `className` and `style` are its. */
  ref?: Ref<HTMLDivElement>;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** Whether `file` matches one of `accept` (MIME type, `type/*`, or `.ext`). */
export function accepts(file: File, accept: readonly string[]): boolean {
  if (accept.length === 0) return true;
  const name = file.name.toLowerCase();
  return accept.some((a) => {
    const rule = a.toLowerCase();
    if (rule.startsWith('.')) return name.endsWith(rule);
    if (rule.endsWith('/*')) return file.type.startsWith(rule.slice(0, -1));
    return file.type === rule;
  });
}

/** What a drag carries, as react-aria tells a drop target (`DragTypes`): only whether it has a type. */
export interface DragTypesLike {
  has(type: string): boolean;
}

/**
 * Whether a drag is one this zone takes: files, yes; a drag of text (a text selection, or an item
 * of another component of the page, such as a BlockPalette block) no, unless the zone accepts text
 * files. Without this, a keyboard drag of a block, told by react-aria to Tab to a drop target, could
 * land here and be lost. Safari does not tell the types of dragged files: then every type answers
 * yes, and the drag is taken (the files are still checked on drop).
 */
export function fileDropOperation(types: DragTypesLike, accept: readonly string[]): 'copy' | 'cancel' {
  const typesUnknown = types.has('application/x-lead-never-a-real-type');
  if (typesUnknown) return 'copy';
  const takesText =
    accept.length === 0 || accept.some((a) => ['text/plain', 'text/*', '.txt'].includes(a.toLowerCase()));
  return types.has('text/plain') && !takesText ? 'cancel' : 'copy';
}

/**
 * A drop zone with a "choose a file" button (react-aria's DropZone and FileTrigger): files can be
 * dropped, pasted, or chosen by keyboard. Each file is checked against the type and size limits;
 * refused files are listed with their messages in a live region and never reach `onFiles`.
 */
export function FileDropZone({
  label,
  accept = [],
  maxSize,
  allowsMultiple = false,
  onFiles,
  onReject,
  tooLargeMessage = (f, max) => `${f.name} is larger than ${formatBytes(max)}.`,
  wrongTypeMessage = (f) => `${f.name} is not an accepted file type.`,
  chooseLabel = 'Choose file',
  hint,
  isDisabled = false,
  className,
  id,
  ref,
  ...props
}: FileDropZoneProps) {
  // react-aria's DropZone drops an `id`; the root still gets it.
  const refs = useMemo(
    () =>
      mergeRefs<HTMLDivElement>(ref, (el) => {
        if (el && id !== undefined) el.id = id;
      }),
    [ref, id],
  );
  const [rejections, setRejections] = useState<FileRejection[]>([]);
  const take = (files: File[]) => {
    const list = allowsMultiple ? files : files.slice(0, 1);
    const ok: File[] = [];
    const refused: FileRejection[] = [];
    for (const f of list) {
      if (!accepts(f, accept)) refused.push({ name: f.name, message: wrongTypeMessage(f) });
      else if (maxSize !== undefined && f.size > maxSize)
        refused.push({ name: f.name, message: tooLargeMessage(f, maxSize) });
      else ok.push(f);
    }
    setRejections(refused);
    if (refused.length) onReject?.(refused);
    if (ok.length) onFiles(ok);
  };
  return (
    <DropZone
      aria-label={label}
      {...props}
      ref={refs}
      isDisabled={isDisabled}
      getDropOperation={(types) => fileDropOperation(types, accept)}
      onDrop={async (e) => {
        const files = await Promise.all(e.items.filter(isFileDropItem).map((i) => i.getFile()));
        take(files);
      }}
      className={keepDefaultClass(className)}
      data-lead=""
      data-file-drop-zone=""
      data-invalid={rejections.length > 0 || undefined}
    >
      {/* Not react-aria's label slot: its drop button is named by aria-label and the slot together ("Drop a CSV… Drop a CSV…"). */}
      <span data-drop-label="">{label}</span>
      {hint ? <p data-drop-hint="">{hint}</p> : null}
      <FileTrigger
        acceptedFileTypes={[...accept]}
        allowsMultiple={allowsMultiple}
        onSelect={(list) => list && take([...list])}
      >
        <Button isDisabled={isDisabled} data-drop-choose="">
          {chooseLabel}
        </Button>
      </FileTrigger>
      <div role="status" data-drop-errors="">
        {rejections.length > 0 ? (
          <ul>
            {rejections.map((r) => (
              <li key={r.name} data-field-error="">
                {r.message}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </DropZone>
  );
}

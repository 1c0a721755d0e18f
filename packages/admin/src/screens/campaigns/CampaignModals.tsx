import { Messages } from '@lead/contract';
import { Button } from '@lead/headless/Button';
import { ConfirmDialog, Dialog } from '@lead/headless/Dialog';
import { Select } from '@lead/headless/Select';
import { TextField } from '@lead/headless/TextField';
import { useSnapshot } from 'valtio';
import { list } from './campaigns.store.js';
import {
  addVariant,
  closeModal,
  confirmDelete,
  createErrors,
  removeVariant,
  setCreateClient,
  setCreateName,
  setCreateSite,
  setRenameName,
  setVariantName,
  submitCreate,
  submitRename,
  submitVariants,
  touchCreate,
  variantsValid,
} from './modal.actions.js';
import * as st from './campaigns.css.js';

/** The list's dialogs: create or duplicate, rename, A/B variants, delete. */
export function CampaignModals() {
  const { modal, sites } = useSnapshot(list);
  if (!modal) return null;
  if (modal.kind === 'delete') {
    return (
      <ConfirmDialog
        isOpen
        title="Do you want delete campaign?"
        message={Messages.confirmRevert}
        confirmLabel="Delete"
        tone="danger"
        onConfirm={() => void confirmDelete()}
        onCancel={closeModal}
      />
    );
  }
  if (modal.kind === 'rename') {
    return (
      <Dialog
        isOpen
        onOpenChange={(o) => !o && closeModal()}
        title="Rename campaign"
        footer={
          <>
            <Button onPress={closeModal}>Cancel</Button>
            <Button variant="primary" onPress={() => void submitRename()}>
              Save
            </Button>
          </>
        }
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submitRename();
          }}
        >
          <TextField label="Campaign name" value={modal.name} onChange={setRenameName} errorMessage={modal.error} />
        </form>
      </Dialog>
    );
  }
  if (modal.kind === 'variants') {
    return (
      <Dialog
        isOpen
        onOpenChange={(o) => !o && closeModal()}
        title="A/B Testing"
        footer={
          <>
            <Button onPress={closeModal}>Cancel</Button>
            <Button variant="primary" isDisabled={!variantsValid(modal.names)} onPress={() => void submitVariants()}>
              Create
            </Button>
          </>
        }
      >
        <p>Variants of {modal.row.name}</p>
        {modal.names.map((name, i) => (
          <div key={i} className={st.variantRow}>
            <TextField label={`Variant ${i + 1}`} value={name} onChange={(v) => setVariantName(i, v)} isRequired />
            {i >= 2 ? (
              <Button onPress={() => removeVariant(i)} aria-label={`Delete variant ${i + 1}`}>
                Delete
              </Button>
            ) : null}
          </div>
        ))}
        <Button onPress={addVariant}>Add variant</Button>
      </Dialog>
    );
  }
  const errors = createErrors(modal);
  const show = (key: keyof typeof errors) => (modal.touched[key] ? (errors[key] ?? null) : null);
  const siteOptions =
    modal.kind === 'duplicate' && modal.source
      ? [{ id: modal.source.site.id, label: modal.source.site.name }]
      : sites.map((x) => ({ id: x.id, label: x.name, description: x.description }));
  return (
    <Dialog
      isOpen
      onOpenChange={(o) => !o && closeModal()}
      title={modal.kind === 'create' ? 'Create Campaign' : 'Duplicate Campaign'}
      footer={
        <>
          <Button onPress={closeModal}>Cancel</Button>
          <Button variant="primary" isDisabled={Object.keys(errors).length > 0} onPress={() => void submitCreate()}>
            {modal.kind === 'create' ? 'Create' : 'Save'}
          </Button>
        </>
      }
    >
      <div className={st.panel}>
        <TextField
          label="Campaign name"
          isRequired
          value={modal.name}
          onChange={setCreateName}
          onBlur={() => touchCreate('name')}
          errorMessage={show('name')}
        />
        <Select
          label="Site"
          isRequired
          isDisabled={modal.kind === 'duplicate'}
          options={siteOptions}
          value={modal.siteId}
          onChange={(v) => void setCreateSite(v as number | null)}
          onBlur={() => touchCreate('site')}
          errorMessage={show('site')}
        />
        <Select
          label="Client"
          isRequired
          isDisabled={modal.siteId === null}
          options={modal.clients.map((c) => ({ id: c.id, label: c.name }))}
          value={modal.clientId}
          onChange={(v) => setCreateClient(v as number | null)}
          onBlur={() => touchCreate('client')}
          errorMessage={show('client')}
          description={modal.siteId !== null && modal.clients.length === 0 ? Messages.noClients : undefined}
        />
      </div>
    </Dialog>
  );
}

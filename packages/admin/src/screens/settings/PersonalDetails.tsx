import { Button } from '@lead/headless/Button';
import { FileDropZone } from '@lead/headless/FileDropZone';
import { TextField } from '@lead/headless/TextField';
import { useSnapshot } from 'valtio';
import { titleCase } from '../../lib/format.js';
import * as s from '../../shell/shell.css.js';
import { account, detailsInvalid, saveDetails, uploadAvatar } from './account.store.js';
import { notifyDropZoneError } from '../../stores/ui.js';
import { ReadOnlyValues } from './shared.js';
import * as st from './settings.css.js';

export function PersonalDetails() {
  const { model, details } = useSnapshot(account);
  if (!model) return null;
  const role = model.roles[0]?.name ?? '';
  return (
    <form
      className={s.form}
      aria-labelledby="personal-title"
      onSubmit={(e) => {
        e.preventDefault();
        void saveDetails();
      }}
    >
      <h2 id="personal-title">Personal details</h2>
      <div className={st.avatarRow}>
        {details.avatar ? (
          <img src={details.avatar} alt="Your avatar" className={st.avatar} />
        ) : (
          <span className={st.avatarEmpty} aria-hidden="true" />
        )}
        <FileDropZone
          label="Avatar"
          accept={['image/*']}
          onFiles={([file]) => file && void uploadAvatar(file)}
          onReject={notifyDropZoneError}
          chooseLabel="Upload avatar"
          hint="An image of at most 500 KB"
        />
      </div>
      <TextField
        label="First name"
        isRequired
        value={details.first_name}
        onChange={(v) => (account.details.first_name = v)}
        autoComplete="given-name"
      />
      <TextField
        label="Last name"
        value={details.last_name}
        onChange={(v) => (account.details.last_name = v)}
        autoComplete="family-name"
      />
      <ReadOnlyValues
        items={[
          { label: 'Email', value: model.email },
          { label: 'Role', value: titleCase(role) },
        ]}
      />
      <div>
        <Button type="submit" variant="primary" isDisabled={detailsInvalid()}>
          Save
        </Button>
      </div>
    </form>
  );
}

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { Switch } from '../Switch/Switch.js';
import { Checkbox, CheckboxGroup } from './Checkbox.js';

describe('Checkbox, CheckboxGroup and Switch', () => {
  it('toggle with Space and report their state', async () => {
    const user = userEvent.setup();
    function F() {
      const [remember, setRemember] = useState(false);
      const [devices, setDevices] = useState<string[]>([]);
      const [active, setActive] = useState(true);
      return (
        <>
          <Checkbox isSelected={remember} onChange={setRemember}>
            Remember Me
          </Checkbox>
          <CheckboxGroup
            label="Devices"
            options={[
              { value: 'desktop', label: 'Desktop' },
              { value: 'mobile', label: 'Mobile' },
            ]}
            value={devices}
            onChange={setDevices}
            errorMessage={devices.length === 0 ? 'Please select at least one device type.' : null}
          />
          <Switch isSelected={active} onChange={setActive}>
            Active
          </Switch>
        </>
      );
    }
    render(<F />);
    const remember = screen.getByRole('checkbox', { name: 'Remember Me' });
    remember.focus();
    await user.keyboard(' ');
    expect((remember as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('group', { name: 'Devices' })).toBeTruthy();
    expect(screen.getByText('Please select at least one device type.')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Mobile' }));
    expect(screen.queryByText('Please select at least one device type.')).toBeNull();
    const sw = screen.getByRole('switch', { name: 'Active' });
    expect((sw as HTMLInputElement).checked).toBe(true);
    sw.focus();
    await user.keyboard(' ');
    expect((sw as HTMLInputElement).checked).toBe(false);
    await expectNoAxeViolations();
  });
});

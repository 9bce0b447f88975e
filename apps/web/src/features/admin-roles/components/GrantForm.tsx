import type { Role } from '@agc/shared';
import { AddressInput } from '@web/components/AddressInput.tsx';
import { BlockButton } from '@web/components/BlockButton.tsx';
import { FieldError, FormError } from '@web/components/FormMessages.tsx';
import { Segmented } from '@web/components/Segmented.tsx';
import { errorText } from '@web/lib/errors.ts';
import { confirmModal, toast } from '@web/lib/ui.ts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoleChange } from '../api/post-role-change.ts';
import { ROLES, readAddress } from '../model/roles.ts';

/**
 * Grant a role by address: the address is checked here by the server's rule first, then a confirmation says what
 * will happen (a role with approval power waits for another admin); the server's refusal (not a member, held
 * already, a change of that role pending already) shows above the button. `secondAdminRoles` and `ttlHours` are the
 * server's answer, not a copy of its rule.
 */
export function GrantForm({
  secondAdminRoles,
  ttlHours,
}: {
  secondAdminRoles: readonly Role[];
  ttlHours: number;
}) {
  const { t } = useTranslation();
  const grant = useRoleChange('grant');
  const [address, setAddress] = useState('');
  const [role, setRole] = useState<Role>('analyst');
  const [error, setError] = useState<{ text: string; field: 'address' | null } | null>(null);
  const waits = secondAdminRoles.includes(role);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const read = readAddress(address);
    if (read === null) {
      setError({ text: t('adminRoles.grant.addressInvalid'), field: 'address' });
      return;
    }
    setError(null);
    const roleName = t(`adminRoles.role.${role}`);
    const yes = await confirmModal({
      title: t('adminRoles.grant.confirmTitle', { role: roleName }),
      content: (
        <span className="roles-wrap" data-testid="roles-grant-confirm-text">
          {t('adminRoles.grant.confirmText', { role: roleName, address: read })}
          {waits && ` ${t('adminRoles.grant.secondAdminNote', { hours: ttlHours })}`}
        </span>
      ),
      confirmText: t('adminRoles.grant.submit'),
    });
    if (!yes) return;
    try {
      const answer = await grant.mutateAsync({ address: read, role });
      void toast(answer.status === 'pending' ? t('adminRoles.grant.pending') : t('adminRoles.grant.granted'));
      setAddress('');
    } catch (e) {
      setError({ text: errorText(e, t), field: null });
    }
  };

  return (
    <form className="card form roles-grant" data-testid="roles-grant-form" onSubmit={submit} noValidate>
      <h3 className="card-title">{t('adminRoles.grant.title')}</h3>
      <label htmlFor="roles-grant-address">
        <span>{t('adminRoles.grant.address')}</span>
        <AddressInput
          id="roles-grant-address"
          className="input roles-address-input"
          testId="roles-grant-address"
          placeholder={t('adminRoles.grant.addressPlaceholder')}
          value={address}
          invalid={error?.field === 'address'}
          onChange={(next) => {
            setAddress(next);
            if (error) setError(null);
          }}
        />
      </label>
      <FieldError
        id="roles-grant-address-error"
        error={error?.field === 'address' && error.text}
        testId="roles-grant-error"
      />
      <div className="roles-grant-role">
        <span className="muted small">{t('adminRoles.grant.role')}</span>
        <Segmented
          variant="chips"
          label={t('adminRoles.grant.role')}
          testIdPrefix="roles-grant-role"
          options={ROLES.map((key) => ({ key, label: t(`adminRoles.role.${key}`) }))}
          value={role}
          onChange={setRole}
        />
        <p className="muted small" data-testid="roles-grant-role-hint">
          {t(`adminRoles.roleHint.${role}`)}
          {waits && ` ${t('adminRoles.grant.secondAdminNote', { hours: ttlHours })}`}
        </p>
      </div>
      <FormError error={error && error.field === null ? error.text : null} testId="roles-grant-error" />
      <BlockButton variant="primary" type="submit" testId="roles-grant-submit" disabled={grant.isPending}>
        {t('adminRoles.grant.submit')}
      </BlockButton>
    </form>
  );
}

import { describe, expect, it } from 'vitest';
import { needsApproval, toApprovalMode } from './approval.ts';

const owner = 'customer-1';
const admin = { id: 'admin-1', role: 'admin' as const };
const publisher = { id: 'publisher-1', role: 'publisher' as const };
const self = { id: owner, role: 'customer' as const };

describe('needsApproval', () => {
  it('asks nothing with mode none', () => {
    expect(needsApproval('none', admin, owner)).toBe(false);
    expect(needsApproval('none', publisher, owner)).toBe(false);
  });
  it('asks for the studio only with mode studio', () => {
    expect(needsApproval('studio', admin, owner)).toBe(true);
    expect(needsApproval('studio', publisher, owner)).toBe(false);
  });
  it('asks for the team too with mode studio_and_team', () => {
    expect(needsApproval('studio_and_team', admin, owner)).toBe(true);
    expect(needsApproval('studio_and_team', publisher, owner)).toBe(true);
  });
  it('never asks the customer to approve their own action', () => {
    expect(needsApproval('studio_and_team', self, owner)).toBe(false);
  });
  it('reads an unknown stored value as the strictest mode', () => {
    expect(toApprovalMode('bogus')).toBe('studio_and_team');
    expect(toApprovalMode('none')).toBe('none');
  });
});

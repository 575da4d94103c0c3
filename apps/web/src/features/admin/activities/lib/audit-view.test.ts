import { describe, expect, it } from 'vitest';
import { actionLabel, auditValue } from './audit-view';

describe('audit entries as the Activities table shows them', () => {
  it('writes objects as one-line JSON and nothing as a dash', () => {
    expect(auditValue({ status: 'open', answer: null })).toBe('{ "status": "open", "answer": null }');
    expect(auditValue(null)).toBe('—');
    expect(auditValue(undefined)).toBe('—');
    expect(auditValue('published')).toBe('published');
  });

  it('turns action codes into words', () => {
    expect(actionLabel('feedback.answer')).toBe('Feedback answer');
    expect(actionLabel('user_role-change')).toBe('User role change');
  });
});

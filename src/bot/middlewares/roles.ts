/**
 * The role model, in one place. `admin`: may do everything. `staff` (TELEGRAM_STAFF_IDS): may take, deliver, reply,
 * use templates and read (/orders, /order, /stats); cancelling (a refund), stock changes, template changes, autocancel
 * and settings are for admins. Anyone else has no role and is refused by access control. A user in both lists is an
 * admin: the wider right wins.
 *
 * The chat binding answers `roleOf` (it knows the trial-mode admin); features guard admin-only steps with `adminOnly`
 * (admin-only.ts) or, for the order buttons, with `staffLimits` (staff-limits.ts).
 */
export type Role = 'admin' | 'staff';

/** The role of a user given who is admin (configured or trial-bound) and who is staff. */
export function roleFrom(isAdmin: boolean, userId: number | undefined, staffIds: ReadonlySet<number>): Role | undefined {
  if (isAdmin) return 'admin';
  return userId !== undefined && staffIds.has(userId) ? 'staff' : undefined;
}

import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { preparedQuery } from '../../db/prepared.js';
import { queryRows } from '../../db/sql.js';
import { benefitPopups, userProfiles, users } from './users.tables.js';
import { vipColumns } from './vip.queries.js';

/**
 * What the current-user view shows, secrets only as yes/no, with the user's role keys (oldest grant first): one round
 * trip, where separate queries would each wait their turn on PGlite. What the roles allow is remembered apart
 * (role-permissions.ts).
 */
const currentUserRow = preparedQuery((db) =>
  db
    .select({
      id: users.id,
      nickName: users.nickName,
      avatarKey: users.avatarKey,
      phone: users.phone,
      email: users.email,
      ...vipColumns,
      invitationCode: users.invitationCode,
      hasPassword: sql<boolean>`${users.passwordHash} IS NOT NULL`,
      wechatBound: sql<boolean>`${users.wechatOpenId} IS NOT NULL`,
      realNameVerifiedAt: users.realNameVerifiedAt,
      createdAt: users.createdAt,
      // Written out, because drizzle leaves the columns of a one-table select unqualified.
      roleKeys: sql<string[]>`ARRAY(
        SELECT ur.role_key FROM user_roles ur WHERE ur.user_id = users.id ORDER BY ur.granted_at, ur.role_key)`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('find_current_user'),
);

export async function findCurrentUserRow(db: Db, userId: UserId) {
  const [row] = await currentUserRow(db).execute({ userId });
  return row ?? null;
}

export async function updateNickName(db: Db, userId: UserId, nickName: string) {
  const [row] = await db
    .update(users)
    .set({ nickName })
    .where(eq(users.id, userId))
    .returning({ nickName: users.nickName });
  return row?.nickName ?? null;
}

/** Sets the avatar and answers the one it replaced (the self-join reads the row as it was before the update). */
export async function replaceAvatarKey(db: Db, userId: UserId, avatarKey: string) {
  const [row] = await queryRows<{ previous: string | null }>(
    db,
    sql`UPDATE users AS u SET avatar_key = ${avatarKey}
        FROM users AS before WHERE u.id = ${userId} AND before.id = u.id
        RETURNING before.avatar_key AS previous`,
  );
  return row?.previous ?? null;
}

const profileColumns = {
  education: userProfiles.education,
  region: userProfiles.region,
  enterpriseName: userProfiles.enterpriseName,
  industry: userProfiles.industry,
  profession: userProfiles.profession,
  researchDirection: userProfiles.researchDirection,
  mainBusiness: userProfiles.mainBusiness,
};

export type ProfileRow = { [K in keyof typeof profileColumns]: string | null };

export async function findProfileRow(db: Db, userId: UserId): Promise<ProfileRow | null> {
  const [row] = await db.select(profileColumns).from(userProfiles).where(eq(userProfiles.userId, userId));
  return row ?? null;
}

export async function upsertProfile(
  db: Db,
  { userId, profile, at }: { userId: UserId; profile: ProfileRow; at: Date },
) {
  await db
    .insert(userProfiles)
    .values({ userId, ...profile, updatedAt: at })
    .onConflictDoUpdate({ target: userProfiles.userId, set: { ...profile, updatedAt: at } });
}

export async function findBenefitFacts(db: Db, userId: UserId) {
  const [row] = await db
    .select({ invited: sql<boolean>`${users.inviterId} IS NOT NULL`, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/**
 * Records that a popup type is shown to a user; true only for the one call that recorded it, so two logins at once
 * cannot both show it.
 */
export async function claimBenefitPopup(db: Db, popup: { userId: UserId; popupType: string; at: Date }) {
  const { userId, popupType, at } = popup;
  const rows = await db
    .insert(benefitPopups)
    .values({ userId, popupType, shownAt: at })
    .onConflictDoNothing()
    .returning({ popupType: benefitPopups.popupType });
  return rows.length > 0;
}

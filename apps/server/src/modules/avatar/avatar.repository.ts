import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../users/users.schema.ts';

export async function avatarSource(tx: Tx, userId: number) {
  const [row] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName, photoUrl: users.photoUrl })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

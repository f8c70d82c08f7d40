import * as z from 'zod';

/** Body of `POST /api/auth/login`. */
export const loginBodySchema = z.object({
  email: z.string().trim().toLowerCase().email('Invalid email address').max(254),
  password: z.string().min(1, 'Password is required').max(1024),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

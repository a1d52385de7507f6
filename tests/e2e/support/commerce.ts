import { query } from './helpers.ts';

/** A published course sold under a ₹1,000 + 18% GST, 12-month rate card. */
export async function courseForSale(title: string): Promise<string> {
  const [card] = await query<{ id: string }>(
    `insert into subscriptions (title, subscription_term, gross_amount, gst_rate, gst_amount, net_amount) values ($1, '12-months', 1000, 18, 180, 1180) returning id`,
    [`${title} plan`],
  );
  const [course] = await query<{ id: string }>(
    `insert into courses (title, is_published, is_visible, course_rate_card_id) values ($1, true, true, $2) returning id`,
    [title, card!.id],
  );
  return course!.id;
}

import { OTP_BLOCKS, PHONE_PATTERN, runtimeMessages } from '@lead/contract';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { HttpError, tooManyRequests } from '../../lib/http-error.js';
import { check } from '../../lib/validate.js';
import { hashOtp, newOtp, OTP_CHANNEL, OTP_TTL_MS, otpSalt, phoneKey } from '../../runtime/otp.js';
import { RateLimiter } from '../../runtime/rate-limit.js';
import { unavailable, unknownCampaign } from './index.js';
import { VisitorId } from './events.js';

const OtpBody = Type.Object({
  site_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  code: Type.String({ minLength: 1, maxLength: 64 }),
  visitor_id: VisitorId,
  phone: Type.String({ minLength: 1, maxLength: 32 }),
});

/** POST /otp: sends a 6-digit code to the number of a form's OTP block. */
export default async function otpRoutes(app: FastifyInstance) {
  // Per number: 3 codes in 10 minutes; per address: 10.
  const perPhone = new RateLimiter(3, 600_000);
  const perIp = new RateLimiter(10, 600_000);
  app.post('/otp', { config: { access: 'public', securityHeaders: false } }, async (request, reply) => {
    const body = check(OtpBody, request.body);
    const site = await app.publicSite(request, reply, body.site_id);
    const served = (await app.runtime.served(site.id))!;
    const campaignId = served.ids.get(body.code);
    const campaign = served.forms.get(body.code);
    if (campaignId === undefined || !campaign) throw (await app.runtime.exists(site.id, body.code)) ? unavailable(body.code) : unknownCampaign(body.code);
    const block = campaign.forms.find((b) => OTP_BLOCKS.includes(b.name));
    if (!block) throw HttpError.validation({ phone: ['This form does not verify phone numbers.'] }, 'This form does not verify phone numbers.');
    const m = runtimeMessages(site.lang);
    if (!PHONE_PATTERN.test(body.phone.trim())) throw HttpError.validation({ phone: [m.phone] }, m.phone);
    const phone = phoneKey(body.phone);
    const wait = Math.max(perPhone.hit(`${campaignId}:${phone}`), perIp.hit(request.ip));
    if (wait) throw tooManyRequests(wait);
    const code = newOtp();
    await app.db
      .insertInto('otp_codes')
      .values({ campaign_id: campaignId, phone, code_hash: hashOtp(code, otpSalt()), expires_at: new Date(Date.now() + OTP_TTL_MS) })
      .execute();
    await app.otpProvider.send({ phone: body.phone.trim(), code, channel: OTP_CHANNEL[block.name] ?? 'sms', lang: site.lang });
    return reply.send({ _status: 1, message: m.codeSent, expires_in: OTP_TTL_MS / 1000 });
  });
}

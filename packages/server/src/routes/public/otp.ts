import { OTP_BLOCKS, runtimeMessages } from '@lead/contract';
import { PUBLIC_PREFIX, publicApi } from '@lead/contract/api';
import { toE164 } from '@lead/contract/phone';
import type { FastifyInstance } from 'fastify';
import { HttpError, tooManyRequests } from '../../lib/http-error.js';
import { check } from '../../lib/validate.js';
import { wireRoute } from '../../lib/wire.js';
import { hashOtp, newOtp, OTP_CHANNEL, OTP_TTL_MS, otpSalt } from '../../runtime/otp.js';
import { addressKey, RateLimiter } from '../../runtime/rate-limit.js';

/** A day's end: the caps per number and per site start again then. */
const SECONDS_TO_TOMORROW = (now: Date, timeZone: string) => {
  const [h, m, s] = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  })
    .format(now)
    .split(':')
    .map(Number);
  return 86_400 - (h! * 3600 + m! * 60 + s!);
};

/**
 * POST /otp: sends a 6-digit code to the number of a form's OTP block. The number counts in E.164
 * (national forms read in the site's country), whatever the campaign or site: 3 codes in 10
 * minutes (this process), OTP_CODES_PER_NUMBER_PER_DAY a day and the site's daily budget (the
 * database, all processes); 10 codes in 10 minutes per address.
 */
export default async function otpRoutes(app: FastifyInstance, opts: { now: () => Date; timeZone: string }) {
  const clock = () => opts.now().getTime();
  const perPhone = new RateLimiter(3, 600_000, clock);
  const perIp = new RateLimiter(10, 600_000, clock);
  app.route({
    ...wireRoute(publicApi.otp, PUBLIC_PREFIX),
    bodyLimit: 1024,
    config: { access: 'public', securityHeaders: false, shed: true, wire: true },
    handler: async (request, reply) => {
      const body = check(publicApi.otp.body, request.body);
      const site = await app.publicSite(request, reply, body.site_id);
      const { id: campaignId, campaign } = await app.served.campaign(site.id, body.code);
      const block = campaign.forms.find((b) => OTP_BLOCKS.includes(b.name));
      if (!block)
        throw HttpError.validation(
          { phone: ['This form does not verify phone numbers.'] },
          'This form does not verify phone numbers.',
        );
      const m = runtimeMessages(site.lang);
      // A code goes by SMS, WhatsApp or Zalo: to a mobile number of the site's country (or one typed with its country's code).
      const phone = toE164(body.phone, site.country, { mobile: true });
      if (!phone) throw HttpError.validation({ phone: [m.phone] }, m.phone);
      const wait = Math.max(perPhone.hit(phone), perIp.hit(addressKey(request.ip)));
      if (wait) throw tooManyRequests(wait);
      // 'One submission per phone number': no code (no paid message) for a number that already sent the form.
      if (block.data.singleSubmission && (await app.otp.submitted(campaignId, phone)))
        throw HttpError.validation({ phone: [m.alreadySubmitted] }, m.alreadySubmitted);
      const code = newOtp();
      const now = opts.now();
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: opts.timeZone }).format(now);
      const issued = await app.otp.issue({
        siteId: site.id,
        campaignId,
        phone,
        codeHash: hashOtp(code, otpSalt()),
        expiresAt: new Date(now.getTime() + OTP_TTL_MS),
        day,
      });
      if (issued !== 'sent') {
        request.log.warn({ siteId: site.id, cap: issued }, 'OTP code refused: daily cap reached');
        throw tooManyRequests(SECONDS_TO_TOMORROW(now, opts.timeZone));
      }
      await app.otpProvider.send({ phone, code, channel: OTP_CHANNEL[block.name] ?? 'sms', lang: site.lang });
      return reply.send({ _status: 1, message: m.codeSent, expires_in: OTP_TTL_MS / 1000 });
    },
  });
}

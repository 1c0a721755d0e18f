/**
 * The pop-up's own words on partner pages, in each site's language: one catalogue for the
 * renderer (field errors, Close, Sending…) and the server (the same errors in a 422).
 * `{label}` is the field's label as staff wrote it.
 */
import type { RuntimeLang } from './public.js';

export interface RuntimeMessages {
  required: string;
  acceptTerms: string;
  email: string;
  phone: string;
  number: string;
  close: string;
  sending: string;
  sendCode: string;
  codeLabel: string;
  codeSent: string;
  codeWrong: string;
  codeNeeded: string;
  failed: string;
  unavailable: string;
  /** 'One submission per phone number': this number already sent the form. */
  alreadySubmitted: string;
  /** An answer that is not one of the block's (a choice, a date, a list where one answer goes). */
  invalid: string;
  /** An answer longer than its block takes. */
  tooLong: string;
}

export const RUNTIME_MESSAGES: Record<RuntimeLang, RuntimeMessages> = {
  en: {
    required: '{label} is required.',
    acceptTerms: 'Please accept the terms.',
    email: 'Please enter a valid email address.',
    phone: 'Please enter a valid phone number.',
    number: '{label} must be a number.',
    close: 'Close',
    sending: 'Sending…',
    sendCode: 'Send code',
    codeLabel: 'Verification code',
    codeSent: 'We sent a 6-digit code to your phone.',
    codeWrong: 'The code is not right or has expired.',
    codeNeeded: 'Please enter the code we sent you.',
    failed: 'Sorry, that did not go through. Please try again.',
    unavailable: 'Sorry, this offer is no longer available.',
    alreadySubmitted: 'This phone number has already been used for this offer.',
    invalid: '{label} is not valid.',
    tooLong: '{label} is too long.',
  },
  vi: {
    required: 'Vui lòng nhập {label}.',
    acceptTerms: 'Vui lòng đồng ý với điều khoản.',
    email: 'Vui lòng nhập địa chỉ email hợp lệ.',
    phone: 'Vui lòng nhập số điện thoại hợp lệ.',
    number: '{label} phải là một số.',
    close: 'Đóng',
    sending: 'Đang gửi…',
    sendCode: 'Gửi mã',
    codeLabel: 'Mã xác minh',
    codeSent: 'Chúng tôi đã gửi mã 6 chữ số đến điện thoại của bạn.',
    codeWrong: 'Mã không đúng hoặc đã hết hạn.',
    codeNeeded: 'Vui lòng nhập mã chúng tôi đã gửi.',
    failed: 'Xin lỗi, gửi không thành công. Vui lòng thử lại.',
    unavailable: 'Xin lỗi, chương trình này không còn nữa.',
    alreadySubmitted: 'Số điện thoại này đã được dùng để đăng ký chương trình này.',
    invalid: '{label} không hợp lệ.',
    tooLong: '{label} quá dài.',
  },
  id: {
    required: '{label} wajib diisi.',
    acceptTerms: 'Harap setujui syarat dan ketentuan.',
    email: 'Masukkan alamat email yang valid.',
    phone: 'Masukkan nomor telepon yang valid.',
    number: '{label} harus berupa angka.',
    close: 'Tutup',
    sending: 'Mengirim…',
    sendCode: 'Kirim kode',
    codeLabel: 'Kode verifikasi',
    codeSent: 'Kami telah mengirim kode 6 digit ke ponsel Anda.',
    codeWrong: 'Kode salah atau sudah kedaluwarsa.',
    codeNeeded: 'Masukkan kode yang kami kirim.',
    failed: 'Maaf, pengiriman gagal. Silakan coba lagi.',
    unavailable: 'Maaf, penawaran ini sudah tidak tersedia.',
    alreadySubmitted: 'Nomor telepon ini sudah digunakan untuk penawaran ini.',
    invalid: '{label} tidak valid.',
    tooLong: '{label} terlalu panjang.',
  },
  th: {
    required: 'กรุณากรอก{label}',
    acceptTerms: 'กรุณายอมรับข้อกำหนด',
    email: 'กรุณากรอกอีเมลที่ถูกต้อง',
    phone: 'กรุณากรอกหมายเลขโทรศัพท์ที่ถูกต้อง',
    number: '{label} ต้องเป็นตัวเลข',
    close: 'ปิด',
    sending: 'กำลังส่ง…',
    sendCode: 'ส่งรหัส',
    codeLabel: 'รหัสยืนยัน',
    codeSent: 'เราได้ส่งรหัส 6 หลักไปยังโทรศัพท์ของคุณแล้ว',
    codeWrong: 'รหัสไม่ถูกต้องหรือหมดอายุแล้ว',
    codeNeeded: 'กรุณากรอกรหัสที่เราส่งให้',
    failed: 'ขออภัย ส่งไม่สำเร็จ กรุณาลองอีกครั้ง',
    unavailable: 'ขออภัย ข้อเสนอนี้ไม่มีแล้ว',
    alreadySubmitted: 'หมายเลขโทรศัพท์นี้ถูกใช้กับข้อเสนอนี้แล้ว',
    invalid: '{label} ไม่ถูกต้อง',
    tooLong: '{label} ยาวเกินไป',
  },
  ms: {
    required: '{label} diperlukan.',
    acceptTerms: 'Sila terima terma.',
    email: 'Sila masukkan alamat e-mel yang sah.',
    phone: 'Sila masukkan nombor telefon yang sah.',
    number: '{label} mestilah nombor.',
    close: 'Tutup',
    sending: 'Menghantar…',
    sendCode: 'Hantar kod',
    codeLabel: 'Kod pengesahan',
    codeSent: 'Kami telah menghantar kod 6 digit ke telefon anda.',
    codeWrong: 'Kod tidak betul atau telah tamat tempoh.',
    codeNeeded: 'Sila masukkan kod yang kami hantar.',
    failed: 'Maaf, penghantaran gagal. Sila cuba lagi.',
    unavailable: 'Maaf, tawaran ini tidak lagi tersedia.',
    alreadySubmitted: 'Nombor telefon ini telah digunakan untuk tawaran ini.',
    invalid: '{label} tidak sah.',
    tooLong: '{label} terlalu panjang.',
  },
  'zh-TW': {
    required: '請填寫{label}。',
    acceptTerms: '請同意條款。',
    email: '請輸入有效的電子郵件地址。',
    phone: '請輸入有效的電話號碼。',
    number: '{label}必須是數字。',
    close: '關閉',
    sending: '傳送中…',
    sendCode: '傳送驗證碼',
    codeLabel: '驗證碼',
    codeSent: '我們已將 6 位數驗證碼傳送到您的手機。',
    codeWrong: '驗證碼錯誤或已過期。',
    codeNeeded: '請輸入我們傳送給您的驗證碼。',
    failed: '抱歉，傳送失敗，請再試一次。',
    unavailable: '抱歉，此活動已結束。',
    alreadySubmitted: '此電話號碼已參加過此活動。',
    invalid: '{label}無效。',
    tooLong: '{label}太長。',
  },
  km: {
    required: 'សូមបញ្ចូល {label}។',
    acceptTerms: 'សូមយល់ព្រមលើលក្ខខណ្ឌ។',
    email: 'សូមបញ្ចូលអាសយដ្ឋានអ៊ីមែលត្រឹមត្រូវ។',
    phone: 'សូមបញ្ចូលលេខទូរស័ព្ទត្រឹមត្រូវ។',
    number: '{label} ត្រូវតែជាលេខ។',
    close: 'បិទ',
    sending: 'កំពុងផ្ញើ…',
    sendCode: 'ផ្ញើលេខកូដ',
    codeLabel: 'លេខកូដផ្ទៀងផ្ទាត់',
    codeSent: 'យើងបានផ្ញើលេខកូដ 6 ខ្ទង់ទៅទូរស័ព្ទរបស់អ្នក។',
    codeWrong: 'លេខកូដមិនត្រឹមត្រូវ ឬផុតកំណត់។',
    codeNeeded: 'សូមបញ្ចូលលេខកូដដែលយើងបានផ្ញើ។',
    failed: 'សូមទោស ការផ្ញើមិនបានសម្រេច។ សូមព្យាយាមម្តងទៀត។',
    unavailable: 'សូមទោស ការផ្តល់ជូននេះលែងមានហើយ។',
    alreadySubmitted: 'លេខទូរស័ព្ទនេះត្រូវបានប្រើសម្រាប់ការផ្តល់ជូននេះរួចហើយ។',
    invalid: '{label} មិនត្រឹមត្រូវ។',
    tooLong: '{label} វែងពេក។',
  },
  my: {
    required: '{label} ဖြည့်ရန် လိုအပ်ပါသည်။',
    acceptTerms: 'စည်းကမ်းချက်များကို လက်ခံပါ။',
    email: 'မှန်ကန်သော အီးမေးလ်လိပ်စာ ထည့်ပါ။',
    phone: 'မှန်ကန်သော ဖုန်းနံပါတ် ထည့်ပါ။',
    number: '{label} သည် ဂဏန်းဖြစ်ရမည်။',
    close: 'ပိတ်ရန်',
    sending: 'ပို့နေသည်…',
    sendCode: 'ကုဒ်ပို့ရန်',
    codeLabel: 'အတည်ပြုကုဒ်',
    codeSent: 'သင့်ဖုန်းသို့ ဂဏန်း 6 လုံးကုဒ် ပို့ပြီးပါပြီ။',
    codeWrong: 'ကုဒ် မမှန်ပါ သို့မဟုတ် သက်တမ်းကုန်သွားပါပြီ။',
    codeNeeded: 'ကျွန်ုပ်တို့ ပို့ထားသော ကုဒ်ကို ထည့်ပါ။',
    failed: 'တောင်းပန်ပါသည်၊ မပို့နိုင်ပါ။ ထပ်ကြိုးစားပါ။',
    unavailable: 'တောင်းပန်ပါသည်၊ ဤအစီအစဉ် မရှိတော့ပါ။',
    alreadySubmitted: 'ဤဖုန်းနံပါတ်ကို ဤအစီအစဉ်အတွက် အသုံးပြုပြီးဖြစ်သည်။',
    invalid: '{label} မမှန်ကန်ပါ။',
    tooLong: '{label} ရှည်လွန်းသည်။',
  },
};

export const runtimeMessages = (lang: string | undefined): RuntimeMessages =>
  RUNTIME_MESSAGES[(lang ?? 'en') as RuntimeLang] ?? RUNTIME_MESSAGES.en;

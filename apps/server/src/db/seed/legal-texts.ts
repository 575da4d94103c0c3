import type { LegalSeed } from '../../modules/admin/module.js';

/** The first start's terms of use and privacy policy in the four seeded languages; admins edit them. */
export const LEGAL_TEXTS: readonly LegalSeed[] = [
  {
    page: 'terms',
    language: 'En',
    title: 'Terms of use',
    body:
      '<p>These terms apply to everyone who uses SalomTV. By creating an account you accept them.</p>' +
      '<h2>Your account</h2><p>An account belongs to the person whose phone number confirmed it. You must be at ' +
      'least 13 years old. Keep your password to yourself: what is done with your account is your responsibility.</p>' +
      '<h2>Free trial and plans</h2><p>Every new account starts with a 30-day free trial with the features of ' +
      'every plan. Nothing is charged during the trial. If you choose a plan, the first payment is taken when the ' +
      'trial ends and then at the start of each period, until you cancel. Cancelling stops the next payment; you ' +
      'keep watching until the end of the period you paid for.</p>' +
      '<h2>What you may do</h2><ul><li>Watch the titles your plan includes on as many screens at once as it allows.</li>' +
      '<li>Watch for your own, private use only.</li></ul>' +
      '<h2>What you may not do</h2><ul><li>Copy, record, share or show the titles in public.</li>' +
      '<li>Get around the limits of your plan or the protection of the streams.</li></ul>' +
      '<h2>Changes</h2><p>We may change these terms; the date at the top of this page says when they last ' +
      'changed. If a change matters to you, we tell you before it applies.</p>',
  },
  {
    page: 'privacy',
    language: 'En',
    title: 'Privacy policy',
    body:
      '<p>This page says what SalomTV keeps about you, why, and what you can do about it.</p>' +
      '<h2>What we keep</h2><ul><li>Your phone number, and your email if you add one, to sign you in.</li>' +
      '<li>Your date of birth, gender, country and first name, as you gave them at sign-up.</li>' +
      '<li>What you watch and where you stopped, so you can go on where you left off.</li>' +
      '<li>Your plan and payments. Card details stay with the payment provider: we never see them.</li></ul>' +
      '<h2>What we do with it</h2><p>We use it to run the service: to sign you in, to play what your plan ' +
      'includes, to bill you and to answer your questions. We do not sell it and we do not show you ads based on it.</p>' +
      '<h2>How long we keep it</h2><p>As long as you have an account. When you close your account we delete ' +
      'your data, except payment records, which the law asks us to keep.</p>' +
      '<h2>Your rights</h2><p>You can see and change your details in your account settings, and ask us through ' +
      'the help page for a copy of your data or for its deletion.</p>',
  },
  {
    page: 'terms',
    language: 'Uz',
    title: 'Foydalanish shartlari',
    body:
      '<p>Ushbu shartlar SalomTV’dan foydalanadigan har bir kishiga tegishli. Hisob yaratib, siz ularni qabul qilasiz.</p>' +
      '<h2>Hisobingiz</h2><p>Hisob telefon raqami orqali tasdiqlangan shaxsga tegishli. Yoshingiz kamida 13 da ' +
      'boʻlishi kerak. Parolingizni hech kimga bermang: hisobingizda qilingan ishlar uchun siz javobgarsiz.</p>' +
      '<h2>Bepul sinov va tariflar</h2><p>Har bir yangi hisob barcha tariflar imkoniyatlari bilan 30 kunlik bepul ' +
      'sinovdan boshlanadi. Sinov davomida hech narsa undirilmaydi. Tarif tanlasangiz, birinchi toʻlov sinov ' +
      'tugaganda, keyin esa har bir davr boshida, bekor qilmaguningizcha olinadi. Bekor qilish keyingi toʻlovni ' +
      'toʻxtatadi; toʻlangan davr oxirigacha tomosha qilishda davom etasiz.</p>' +
      '<h2>Nima qilishingiz mumkin</h2><ul><li>Tarifingizga kirgan filmlarni u ruxsat bergan ekranlar sonida tomosha qilish.</li>' +
      '<li>Faqat shaxsiy foydalanish uchun tomosha qilish.</li></ul>' +
      '<h2>Nima qilish mumkin emas</h2><ul><li>Filmlarni nusxalash, yozib olish, tarqatish yoki ommaga koʻrsatish.</li>' +
      '<li>Tarif cheklovlarini yoki oqimlar himoyasini chetlab oʻtish.</li></ul>' +
      '<h2>Oʻzgarishlar</h2><p>Biz bu shartlarni oʻzgartirishimiz mumkin; sahifa tepasidagi sana ular qachon ' +
      'oʻzgarganini koʻrsatadi. Muhim oʻzgarish haqida u kuchga kirishidan oldin xabar beramiz.</p>',
  },
  {
    page: 'privacy',
    language: 'Uz',
    title: 'Maxfiylik siyosati',
    body:
      '<p>Bu sahifa SalomTV siz haqingizda nimalarni saqlashi, nima uchun va bu borada nima qila olishingizni aytadi.</p>' +
      '<h2>Nimalarni saqlaymiz</h2><ul><li>Kirish uchun telefon raqamingiz va, agar qoʻshsangiz, elektron pochtangiz.</li>' +
      '<li>Roʻyxatdan oʻtishda bergan tugʻilgan sana, jins, mamlakat va ismingiz.</li>' +
      '<li>Nimani koʻrganingiz va qayerda toʻxtaganingiz, davom ettira olishingiz uchun.</li>' +
      '<li>Tarifingiz va toʻlovlaringiz. Karta maʼlumotlari toʻlov provayderida qoladi: biz ularni koʻrmaymiz.</li></ul>' +
      '<h2>Ulardan qanday foydalanamiz</h2><p>Xizmatni yuritish uchun: sizni kiritish, tarifingizdagi filmlarni ' +
      'koʻrsatish, toʻlovlarni olish va savollaringizga javob berish. Biz ularni sotmaymiz va ular asosida reklama koʻrsatmaymiz.</p>' +
      '<h2>Qancha saqlaymiz</h2><p>Hisobingiz bor ekan. Hisobni yopsangiz, maʼlumotlaringizni oʻchiramiz, qonun ' +
      'saqlashni talab qiladigan toʻlov yozuvlaridan tashqari.</p>' +
      '<h2>Huquqlaringiz</h2><p>Maʼlumotlaringizni hisob sozlamalarida koʻrishingiz va oʻzgartirishingiz, yordam ' +
      'sahifasi orqali ularning nusxasini yoki oʻchirilishini soʻrashingiz mumkin.</p>',
  },
  {
    page: 'terms',
    language: 'Ru',
    title: 'Условия использования',
    body:
      '<p>Эти условия действуют для всех, кто пользуется SalomTV. Создавая учётную запись, вы их принимаете.</p>' +
      '<h2>Ваша учётная запись</h2><p>Учётная запись принадлежит человеку, чей номер телефона её подтвердил. ' +
      'Вам должно быть не меньше 13 лет. Не сообщайте пароль другим: за действия в вашей учётной записи отвечаете вы.</p>' +
      '<h2>Пробный период и тарифы</h2><p>Каждая новая учётная запись начинается с 30 дней бесплатного пробного ' +
      'периода со всеми возможностями тарифов. За пробный период ничего не списывается. Если вы выберете тариф, ' +
      'первый платёж спишется, когда пробный период закончится, а затем в начале каждого периода, пока вы не ' +
      'отмените подписку. Отмена останавливает следующий платёж; смотреть можно до конца оплаченного периода.</p>' +
      '<h2>Что можно</h2><ul><li>Смотреть фильмы вашего тарифа на стольких экранах одновременно, сколько он позволяет.</li>' +
      '<li>Смотреть только для личного пользования.</li></ul>' +
      '<h2>Что нельзя</h2><ul><li>Копировать, записывать, распространять или показывать фильмы публично.</li>' +
      '<li>Обходить ограничения тарифа или защиту потоков.</li></ul>' +
      '<h2>Изменения</h2><p>Мы можем менять эти условия; дата вверху страницы показывает, когда они менялись ' +
      'в последний раз. О важном изменении мы сообщим до того, как оно вступит в силу.</p>',
  },
  {
    page: 'privacy',
    language: 'Ru',
    title: 'Политика конфиденциальности',
    body:
      '<p>Здесь сказано, что SalomTV хранит о вас, зачем и что вы можете с этим сделать.</p>' +
      '<h2>Что мы храним</h2><ul><li>Номер телефона и, если вы его добавите, адрес почты, чтобы вы могли войти.</li>' +
      '<li>Дату рождения, пол, страну и имя, которые вы указали при регистрации.</li>' +
      '<li>Что вы смотрите и где остановились, чтобы можно было продолжить.</li>' +
      '<li>Ваш тариф и платежи. Данные карты остаются у платёжного провайдера: мы их не видим.</li></ul>' +
      '<h2>Зачем</h2><p>Чтобы сервис работал: впускать вас, показывать то, что входит в ваш тариф, принимать ' +
      'оплату и отвечать на вопросы. Мы не продаём эти данные и не показываем по ним рекламу.</p>' +
      '<h2>Как долго</h2><p>Пока у вас есть учётная запись. Если вы её закроете, мы удалим ваши данные, кроме ' +
      'записей о платежах, которые закон требует хранить.</p>' +
      '<h2>Ваши права</h2><p>Вы можете смотреть и менять свои данные в настройках учётной записи и через ' +
      'страницу помощи попросить их копию или удаление.</p>',
  },
  {
    page: 'terms',
    language: 'Ur',
    title: 'استعمال کی شرائط',
    body:
      '<p>یہ شرائط SalomTV استعمال کرنے والے ہر شخص پر لاگو ہوتی ہیں۔ اکاؤنٹ بنا کر آپ انہیں قبول کرتے ہیں۔</p>' +
      '<h2>آپ کا اکاؤنٹ</h2><p>اکاؤنٹ اسی شخص کا ہے جس کے فون نمبر نے اس کی تصدیق کی۔ آپ کی عمر کم از کم 13 ' +
      'سال ہونی چاہیے۔ اپنا پاس ورڈ کسی کو نہ بتائیں: آپ کے اکاؤنٹ سے جو کچھ ہو اس کی ذمہ داری آپ کی ہے۔</p>' +
      '<h2>مفت آزمائش اور پلان</h2><p>ہر نیا اکاؤنٹ تمام پلانز کی سہولتوں کے ساتھ 30 دن کی مفت آزمائش سے شروع ' +
      'ہوتا ہے۔ آزمائش کے دوران کچھ نہیں کاٹا جاتا۔ اگر آپ پلان چنیں تو پہلی ادائیگی آزمائش ختم ہونے پر اور ' +
      'پھر ہر مدت کے شروع میں لی جاتی ہے، جب تک آپ منسوخ نہ کریں۔ منسوخی اگلی ادائیگی روک دیتی ہے؛ ادا شدہ ' +
      'مدت کے آخر تک آپ دیکھتے رہتے ہیں۔</p>' +
      '<h2>آپ کیا کر سکتے ہیں</h2><ul><li>اپنے پلان میں شامل فلمیں اتنی اسکرینوں پر ایک ساتھ دیکھیں جتنی وہ اجازت دیتا ہے۔</li>' +
      '<li>صرف ذاتی استعمال کے لیے دیکھیں۔</li></ul>' +
      '<h2>آپ کیا نہیں کر سکتے</h2><ul><li>فلمیں کاپی، ریکارڈ، شیئر یا عوامی طور پر دکھانا۔</li>' +
      '<li>اپنے پلان کی حدود یا اسٹریمز کی حفاظت سے بچ نکلنا۔</li></ul>' +
      '<h2>تبدیلیاں</h2><p>ہم یہ شرائط بدل سکتے ہیں؛ صفحے کے اوپر کی تاریخ بتاتی ہے کہ آخری بار کب بدلیں۔ ' +
      'اہم تبدیلی کے لاگو ہونے سے پہلے ہم آپ کو بتائیں گے۔</p>',
  },
  {
    page: 'privacy',
    language: 'Ur',
    title: 'رازداری کی پالیسی',
    body:
      '<p>یہ صفحہ بتاتا ہے کہ SalomTV آپ کے بارے میں کیا رکھتا ہے، کیوں، اور آپ اس بارے میں کیا کر سکتے ہیں۔</p>' +
      '<h2>ہم کیا رکھتے ہیں</h2><ul><li>آپ کو سائن اِن کرنے کے لیے آپ کا فون نمبر، اور اگر آپ شامل کریں تو ای میل۔</li>' +
      '<li>سائن اپ پر دی گئی آپ کی تاریخ پیدائش، جنس، ملک اور نام۔</li>' +
      '<li>آپ کیا دیکھتے ہیں اور کہاں رکے، تاکہ آپ وہیں سے جاری رکھ سکیں۔</li>' +
      '<li>آپ کا پلان اور ادائیگیاں۔ کارڈ کی تفصیلات ادائیگی فراہم کنندہ کے پاس رہتی ہیں: ہم انہیں نہیں دیکھتے۔</li></ul>' +
      '<h2>ہم اسے کس لیے استعمال کرتے ہیں</h2><p>سروس چلانے کے لیے: آپ کو سائن اِن کرنا، آپ کے پلان میں شامل ' +
      'فلمیں چلانا، ادائیگی لینا اور آپ کے سوالوں کے جواب دینا۔ ہم اسے بیچتے نہیں اور اس کی بنیاد پر اشتہار نہیں دکھاتے۔</p>' +
      '<h2>کتنی دیر رکھتے ہیں</h2><p>جب تک آپ کا اکاؤنٹ ہے۔ اکاؤنٹ بند کرنے پر ہم آپ کا ڈیٹا مٹا دیتے ہیں، سوائے ' +
      'ادائیگی کے ریکارڈ کے جو قانون رکھنے کو کہتا ہے۔</p>' +
      '<h2>آپ کے حقوق</h2><p>آپ اکاؤنٹ کی ترتیبات میں اپنی تفصیلات دیکھ اور بدل سکتے ہیں، اور مدد کے صفحے کے ' +
      'ذریعے ان کی نقل یا انہیں مٹانے کی درخواست کر سکتے ہیں۔</p>',
  },
];

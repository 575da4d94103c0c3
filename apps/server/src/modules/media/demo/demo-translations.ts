/** A demo title in one language: its name, a one-line description, its poster tagline and its cast names. */
export interface DemoTranslation {
  title: string;
  description: string;
  /** The poster's tagline (the English `tagline` in demo-titles.ts), written for this language. */
  tagline: string;
  /** The cast names in this language's script, in the order of the title's `cast`; absent if spelled as in English. */
  cast?: string[];
}

/** The seeded languages the demo catalogue is translated into. */
export type DemoLanguage = 'Uz' | 'Ru' | 'Ur';

/**
 * Every demo title (by its English name) in Uzbek, Russian and Urdu: a name, description and tagline written for
 * each, and its cast names as written in that script.
 */
export const DEMO_TRANSLATIONS: Record<string, Record<DemoLanguage, DemoTranslation>> = {
  'Night Harbor': {
    Uz: {
      title: 'Tungi bandargoh',
      description:
        'Ekipajsiz kema portga kirib keladi va detektiv Mara Voss uning sirini bir kechada ochishi kerak.',
      tagline: 'Har bir kema sir saqlaydi. Bu kecha u ham.',
    },
    Ru: {
      title: 'Ночная гавань',
      description:
        'В порт входит корабль без экипажа, и у детектива Мары Восс есть одна ночь, чтобы понять почему.',
      tagline: 'У каждого корабля есть тайна. Этой ночью — и у неё.',
      cast: ['Амелия Харт', 'Рустам Каримов', 'Джона Рейес'],
    },
    Ur: {
      title: 'رات کی بندرگاہ',
      description:
        'بغیر عملے کا ایک جہاز بندرگاہ میں آتا ہے، اور جاسوس مارا ووس کے پاس اس کا راز جاننے کے لیے ایک رات ہے۔',
      tagline: 'ہر جہاز کوئی راز چھپاتا ہے۔ آج رات وہ بھی چھپا رہی ہے۔',
      cast: ['امیلیا ہارٹ', 'رستم کریموف', 'جونا ریئس'],
    },
  },
  'The Silk Road Cipher': {
    Uz: {
      title: 'Ipak yoʻli shifri',
      description:
        'Restavrator qadimiy gilam ichidan shifrlangan xarita topadi va Buxorodan Qashqargacha yoʻlga chiqadi.',
      tagline: 'Ayrim xaritalar yashirish uchun toʻqiladi.',
      cast: ['Dilnoza Yusupova', 'Oliver Grant', 'Farrux Aliyev'],
    },
    Ru: {
      title: 'Шифр Шёлкового пути',
      description:
        'Реставратор находит в старинном ковре зашифрованную карту и отправляется из Бухары в Кашгар.',
      tagline: 'Есть карты, сотканные, чтобы их не нашли.',
      cast: ['Дильноза Юсупова', 'Оливер Грант', 'Фаррух Алиев'],
    },
    Ur: {
      title: 'شاہراہِ ریشم کا راز',
      description:
        'ایک ماہرِ بحالی پرانے قالین میں چھپا نقشہ ڈھونڈتی ہے اور بخارا سے کاشغر تک سفر پر نکلتی ہے۔',
      tagline: 'کچھ نقشے چھپانے کے لیے ہی بُنے جاتے ہیں۔',
      cast: ['دلنوزا یوسوپووا', 'اولیور گرانٹ', 'فرخ علییف'],
    },
  },
  'Samarkand Sunrise': {
    Uz: {
      title: 'Samarqand tongi',
      description: 'Oʻn yildan soʻng oshpaz qiz otasining choyxonasini saqlab qolish uchun uyga qaytadi.',
      tagline: 'Uy — hech qachon yozib qoʻyilmagan retsept.',
    },
    Ru: {
      title: 'Рассвет над Самаркандом',
      description: 'Через десять лет повар возвращается домой, чтобы спасти чайхану отца.',
      tagline: 'Дом — это рецепт, который ты так и не записала.',
      cast: ['Малика Рахимова', 'Тимур Саидов'],
    },
    Ur: {
      title: 'سمرقند کی صبح',
      description: 'دس سال بعد ایک باورچی اپنے والد کا چائے خانہ بچانے کے لیے گھر لوٹتی ہے۔',
      tagline: 'گھر وہ ترکیب ہے جو آپ نے کبھی لکھی ہی نہیں۔',
      cast: ['ملیکہ رحیمووا', 'تیمور سعیدوف'],
    },
  },
  'Cold Ledger': {
    Uz: {
      title: 'Sovuq daftar',
      description:
        'Yigirma yil pul yuvgan hisobchi asrning eng sovuq haftasida uni qaytarib oʻgʻirlashga qaror qiladi.',
      tagline: 'Yigirma yil begʻubor hisob-kitob. Uni yoqish uchun bir sovuq hafta.',
    },
    Ru: {
      title: 'Холодный гроссбух',
      description:
        'Бухгалтер, двадцать лет отмывавший деньги, решает украсть их обратно в самую холодную неделю века.',
      tagline: 'Двадцать лет безупречных книг. Одна морозная неделя, чтобы их сжечь.',
      cast: ['Виктор Ланг', 'Надя Орлова', 'Сэм Уитакер'],
    },
    Ur: {
      title: 'ٹھنڈا کھاتہ',
      description:
        'بیس سال پیسہ سفید کرنے والا ایک محاسب صدی کے سرد ترین ہفتے میں اسے واپس چرانے کا فیصلہ کرتا ہے۔',
      tagline: 'بیس سال کے صاف کھاتے۔ انہیں جلانے کو ایک سرد ہفتہ۔',
      cast: ['وکٹر لینگ', 'نادیہ اورلووا', 'سیم وٹیکر'],
    },
  },
  'Orbit of Ashes': {
    Uz: {
      title: 'Kul orbitasi',
      description: 'Orbital stansiya ekipajida oʻn bir soatlik havo va qutqaruv kemasida bitta joy qolgan.',
      tagline: 'Oʻn bir soatlik havo. Uyga bitta joy.',
    },
    Ru: {
      title: 'Орбита пепла',
      description:
        'У экипажа орбитальной станции осталось воздуха на одиннадцать часов и одно место в челноке.',
      tagline: 'Одиннадцать часов воздуха. Одно место домой.',
      cast: ['Инес Моро', 'Кваме Менса', 'Лена Фишер'],
    },
    Ur: {
      title: 'راکھ کا مدار',
      description: 'مداری اسٹیشن کے عملے کے پاس گیارہ گھنٹے کی ہوا اور واپسی کی صرف ایک نشست ہے۔',
      tagline: 'گیارہ گھنٹے کی ہوا۔ گھر واپسی کی ایک نشست۔',
      cast: ['اینیس مورو', 'کوامے مینسا', 'لینا فشر'],
    },
  },
  'The Last Caravan': {
    Uz: {
      title: 'Soʻnggi karvon',
      description:
        '1890-yil. Karvonboshi ochilmasligi kerak boʻlgan yuk bilan Qizilqumni soʻnggi bor kesib oʻtadi.',
      tagline: 'Soʻnggi safar. Ochilmasligi shart boʻlgan yuk.',
    },
    Ru: {
      title: 'Последний караван',
      description:
        '1890 год. Караванщик в последний раз пересекает Кызылкум с грузом, который нельзя открывать.',
      tagline: 'Последний переход. Груз, который нельзя открывать.',
      cast: ['Азиз Нурматов', 'Софи Лоран'],
    },
    Ur: {
      title: 'آخری قافلہ',
      description: '1890ء: ایک قافلہ سالار ایسے سامان کے ساتھ آخری بار قزل قم پار کرتا ہے جسے کھولنا منع ہے۔',
      tagline: 'آخری سفر۔ وہ سامان جسے کبھی کھولنا نہیں۔',
      cast: ['عزیز نورماتوف', 'سوفی لوراں'],
    },
  },
  'Paper Lanterns': {
    Uz: {
      title: 'Qogʻoz fonuslar',
      description: 'Ikki raqib oila shahar bayrami uchun fonusli aravani birga yasashga majbur boʻladi.',
      tagline: 'Ikki oila. Bitta arava. Nima ham boʻlardi?',
    },
    Ru: {
      title: 'Бумажные фонарики',
      description:
        'Двум враждующим семьям приходится вместе строить платформу с фонариками к городскому празднику.',
      tagline: 'Две семьи. Одна платформа. Что может пойти не так?',
      cast: ['Мина Пак', 'Лео Картер'],
    },
    Ur: {
      title: 'کاغذی لالٹینیں',
      description: 'دو حریف خاندانوں کو شہر کے میلے کے لیے لالٹینوں کی گاڑی مل کر بنانی پڑتی ہے۔',
      tagline: 'دو خاندان۔ ایک گاڑی۔ بھلا کیا گڑبڑ ہو سکتی ہے؟',
      cast: ['مینا پارک', 'لیو کارٹر'],
    },
  },
  'Whistle & Wren': {
    Uz: {
      title: 'Hushtak va Chumchuq',
      description:
        'Ovozsiz chumchuq va sabrli choynak oʻrmondagi bahorgi qoʻshiq tanlovida gʻolib boʻlmoqchi.',
      tagline: 'Oʻrmon bunaqasini hali eshitmagan.',
      cast: ['Ovoz: Lily Stone', 'Ovoz: Ben Ortiz'],
    },
    Ru: {
      title: 'Свисток и Крапивник',
      description:
        'Птичка без слуха и очень терпеливый чайник хотят победить в весеннем лесном конкурсе песен.',
      tagline: 'Лес такого ещё не слышал.',
      cast: ['Голос: Лили Стоун', 'Голос: Бен Ортис'],
    },
    Ur: {
      title: 'سیٹی اور ننھی چڑیا',
      description: 'ایک بے سُری چڑیا اور ایک صابر کیتلی جنگل کا بہار کا گانے کا مقابلہ جیتنا چاہتی ہیں۔',
      tagline: 'جنگل نے ایسا کچھ پہلے کبھی نہیں سنا۔',
      cast: ['آواز: للی اسٹون', 'آواز: بین اورٹیز'],
    },
  },
  'Moonlit Meadow': {
    Uz: {
      title: 'Oydin yaylov',
      description:
        'Har kecha yaylov hayvonlari sirli parad oʻtkazadi. Bu kecha uni adashgan yaltiroq qoʻngʻiz boshlaydi.',
      tagline: 'Bu kecha eng kichik nur yoʻl koʻrsatadi.',
      cast: ['Ovoz: Ada Brooks'],
    },
    Ru: {
      title: 'Лунный луг',
      description:
        'Каждую ночь звери луга устраивают тайный парад. Сегодня его ведёт заблудившийся светлячок.',
      tagline: 'Этой ночью путь укажет самый маленький огонёк.',
      cast: ['Голос: Ада Брукс'],
    },
    Ur: {
      title: 'چاندنی کا سبزہ زار',
      description:
        'ہر رات سبزہ زار کے جانور ایک خفیہ جلوس نکالتے ہیں۔ آج ایک بھٹکا ہوا جگنو اس کی قیادت کرتا ہے۔',
      tagline: 'آج رات سب سے ننھی روشنی راستہ دکھائے گی۔',
      cast: ['آواز: ایڈا بروکس'],
    },
  },
  'Robo Rally': {
    Uz: {
      title: 'Robo poygasi',
      description:
        'Chiqindixonadagi robot ehtiyot qismlardan poyga mashinasi yasab, Marsdagi eng katta rallida qatnashadi.',
      tagline: 'Chiqindidan yasalgan. Poyga uchun tugʻilgan.',
      cast: ['Ovoz: Max Chen', 'Ovoz: Zara Ali'],
    },
    Ru: {
      title: 'Роборалли',
      description:
        'Робот со свалки собирает гоночную машину из запчастей и едет на самое большое ралли Марса.',
      tagline: 'Собран из хлама. Рождён для гонок.',
      cast: ['Голос: Макс Чен', 'Голос: Зара Али'],
    },
    Ur: {
      title: 'روبو ریلی',
      description:
        'کباڑ خانے کا ایک روبوٹ پرزوں سے ریس کار بناتا ہے اور مریخ کی سب سے بڑی ریلی میں اترتا ہے۔',
      tagline: 'کباڑ سے بنا۔ دوڑ کے لیے پیدا ہوا۔',
      cast: ['آواز: میکس چن', 'آواز: زارا علی'],
    },
  },
  'Echo Valley': {
    Uz: {
      title: 'Aks-sado vodiysi',
      description: 'Sayyohlar tizma ortidan oʻz ovozlarini eshitishadi: ular hali aytmagan soʻzlarni.',
      tagline: 'Vodiy ismingni aytib chaqirsa, javob berma.',
    },
    Ru: {
      title: 'Долина эха',
      description:
        'Туристы слышат из-за хребта собственные голоса, за день до того, как произнесут эти слова.',
      tagline: 'Не отзывайся, когда долина зовёт тебя по имени.',
      cast: ['Ханна Коул', 'Рашид Умаров'],
    },
    Ur: {
      title: 'گونج کی وادی',
      description: 'کوہ پیما پہاڑی کے پار سے اپنی ہی آوازیں سنتے ہیں، وہ باتیں جو انہوں نے ابھی کہی نہیں۔',
      tagline: 'جب وادی تمہارا نام پکارے تو جواب مت دینا۔',
      cast: ['ہانا کول', 'رشید عمروف'],
    },
  },
  'The Quiet Detective': {
    Uz: {
      title: 'Jim detektiv',
      description: 'Nafaqadagi kutubxonachi qishloqdagi eng gʻalati oʻgʻirlikni kresloidan turmay ochadi.',
      tagline: 'U hech qachon ovozini koʻtarmaydi. Bunga hojat ham yoʻq.',
    },
    Ru: {
      title: 'Тихий детектив',
      description: 'Библиотекарь на пенсии раскрывает самую странную кражу в деревне, не вставая с кресла.',
      tagline: 'Она никогда не повышает голос. Ей это и не нужно.',
      cast: ['Артур Белл', 'Гульнора Тошева'],
    },
    Ur: {
      title: 'خاموش جاسوس',
      description: 'ایک ریٹائرڈ لائبریرین اپنی آرام کرسی سے اٹھے بغیر گاؤں کی سب سے عجیب چوری حل کرتی ہے۔',
      tagline: 'وہ کبھی آواز اونچی نہیں کرتی۔ اسے ضرورت ہی نہیں پڑتی۔',
      cast: ['آرتھر بیل', 'گلنورا توشیوا'],
    },
  },
  'Glass Tide': {
    Uz: {
      title: 'Shisha toʻlqin',
      description:
        'Dengiz laboratoriyasi suv koʻtarilishi bir soat, keyin ikki soat erta kelayotganini aniqlaydi.',
      tagline: 'Dengiz endi boshqa vaqt bilan yashaydi.',
    },
    Ru: {
      title: 'Стеклянный прилив',
      description: 'Морская лаборатория замечает, что прилив приходит на час раньше, а потом на два.',
      tagline: 'У моря теперь своё время.',
      cast: ['Клара Юн', 'Дэвид Осеи'],
    },
    Ur: {
      title: 'شیشے کی لہر',
      description: 'ایک سمندری تجربہ گاہ دیکھتی ہے کہ جوار ایک گھنٹہ پہلے آنے لگا ہے، پھر دو گھنٹے پہلے۔',
      tagline: 'سمندر اب کسی اور وقت پر چل رہا ہے۔',
      cast: ['کلارا یون', 'ڈیوڈ اوسے'],
    },
  },
  "Falcon's Oath": {
    Uz: {
      title: 'Lochin qasami',
      description:
        'Xon merosxoʻrini qoʻriqlashga qasam ichgan lochinchi uni qishki urush orqali dasht boʻylab olib oʻtadi.',
      tagline: 'Muzlagan dasht boʻylab olib oʻtilgan qasam.',
    },
    Ru: {
      title: 'Клятва сокола',
      description:
        'Сокольник, поклявшийся охранять наследницу хана, везёт её через степь сквозь зимнюю войну.',
      tagline: 'Клятва, пронесённая через ледяную степь.',
      cast: ['Бекзод Эргашев', 'Айгерим Султан'],
    },
    Ur: {
      title: 'شاہین کا عہد',
      description:
        'خان کی وارث کی حفاظت کا حلف اٹھانے والا باز دار اسے سردیوں کی جنگ میں میدانوں کے پار لے جاتا ہے۔',
      tagline: 'جمے ہوئے میدانوں کے پار نبھایا گیا ایک وعدہ۔',
      cast: ['بیکزود ارگاشیف', 'آئیگیرم سلطان'],
    },
  },
  'Ledger of Lies': {
    Uz: {
      title: 'Yolgʻonlar daftari',
      description: 'Nyu-Yorkdagi bank auditori boʻlmasligi kerak boʻlgan bitta tranzaksiyani topadi.',
      tagline: 'Bitta tranzaksiya mavjud boʻlmasligi kerak edi.',
      cast: ['Rebecca Stone', 'Jamshid Xolov', 'Tom Avery'],
    },
    Ru: {
      title: 'Книга лжи',
      description: 'Аудитор нью-йоркского банка находит одну транзакцию, которой не должно существовать.',
      tagline: 'Одна транзакция, которой не должно быть.',
      cast: ['Ребекка Стоун', 'Джамшид Холов', 'Том Эйвери'],
    },
    Ur: {
      title: 'جھوٹ کا کھاتہ',
      description: 'نیویارک کے ایک بینک کا آڈیٹر ایک ایسی ٹرانزیکشن ڈھونڈتا ہے جو ہونی ہی نہیں چاہیے تھی۔',
      tagline: 'ایک ٹرانزیکشن جو ہونی ہی نہیں چاہیے تھی۔',
      cast: ['ریبیکا اسٹون', 'جمشید خولوف', 'ٹام ایوری'],
    },
  },
  'Bazaar Stories': {
    Uz: {
      title: 'Bozor hikoyalari',
      description: 'Toshkentning eng qadimiy bozoridagi rastachilarning hayoti, sevgisi va savdolashuvi.',
      tagline: 'Har bir rastaning oʻz hikoyasi bor. Har bir hikoyaning oʻz narxi bor.',
      cast: ['Nodira Alimova', 'Sherzod Rahimov'],
    },
    Ru: {
      title: 'Истории базара',
      description: 'Жизнь, любовь и торг среди продавцов старейшего базара Ташкента.',
      tagline: 'У каждого прилавка своя история. У каждой истории своя цена.',
      cast: ['Нодира Алимова', 'Шерзод Рахимов'],
    },
    Ur: {
      title: 'بازار کی کہانیاں',
      description: 'تاشقند کے سب سے پرانے بازار کے دکان داروں کی زندگی، محبت اور مول تول۔',
      tagline: 'ہر دکان کی ایک کہانی ہے۔ ہر کہانی کی ایک قیمت ہے۔',
      cast: ['نودیرا علیمووا', 'شیرزود رحیموف'],
    },
  },
};

/** A demo title's name and a one-line description in one language. */
export interface DemoTranslation {
  title: string;
  description: string;
}

/** The seeded languages the demo catalogue is translated into. */
export type DemoLanguage = 'Uz' | 'Ru' | 'Ur';

/** Every demo title (by its English name) in Uzbek, Russian and Urdu: short texts written for each. */
export const DEMO_TRANSLATIONS: Record<string, Record<DemoLanguage, DemoTranslation>> = {
  'Night Harbor': {
    Uz: {
      title: 'Tungi bandargoh',
      description:
        'Ekipajsiz kema portga kirib keladi va detektiv Mara Voss uning sirini bir kechada ochishi kerak.',
    },
    Ru: {
      title: 'Ночная гавань',
      description:
        'В порт входит корабль без экипажа, и у детектива Мары Восс есть одна ночь, чтобы понять почему.',
    },
    Ur: {
      title: 'رات کی بندرگاہ',
      description:
        'بغیر عملے کا ایک جہاز بندرگاہ میں آتا ہے، اور جاسوس مارا ووس کے پاس اس کا راز جاننے کے لیے ایک رات ہے۔',
    },
  },
  'The Silk Road Cipher': {
    Uz: {
      title: 'Ipak yoʻli shifri',
      description:
        'Restavrator qadimiy gilam ichidan shifrlangan xarita topadi va Buxorodan Qashqargacha yoʻlga chiqadi.',
    },
    Ru: {
      title: 'Шифр Шёлкового пути',
      description:
        'Реставратор находит в старинном ковре зашифрованную карту и отправляется из Бухары в Кашгар.',
    },
    Ur: {
      title: 'شاہراہِ ریشم کا راز',
      description:
        'ایک ماہرِ بحالی پرانے قالین میں چھپا نقشہ ڈھونڈتی ہے اور بخارا سے کاشغر تک سفر پر نکلتی ہے۔',
    },
  },
  'Samarkand Sunrise': {
    Uz: {
      title: 'Samarqand tongi',
      description: 'Oʻn yildan soʻng oshpaz qiz otasining choyxonasini saqlab qolish uchun uyga qaytadi.',
    },
    Ru: {
      title: 'Рассвет над Самаркандом',
      description: 'Через десять лет повар возвращается домой, чтобы спасти чайхану отца.',
    },
    Ur: {
      title: 'سمرقند کی صبح',
      description: 'دس سال بعد ایک باورچی اپنے والد کا چائے خانہ بچانے کے لیے گھر لوٹتی ہے۔',
    },
  },
  'Cold Ledger': {
    Uz: {
      title: 'Sovuq daftar',
      description:
        'Yigirma yil pul yuvgan hisobchi asrning eng sovuq haftasida uni qaytarib oʻgʻirlashga qaror qiladi.',
    },
    Ru: {
      title: 'Холодный гроссбух',
      description:
        'Бухгалтер, двадцать лет отмывавший деньги, решает украсть их обратно в самую холодную неделю века.',
    },
    Ur: {
      title: 'ٹھنڈا کھاتہ',
      description:
        'بیس سال پیسہ سفید کرنے والا ایک محاسب صدی کے سرد ترین ہفتے میں اسے واپس چرانے کا فیصلہ کرتا ہے۔',
    },
  },
  'Orbit of Ashes': {
    Uz: {
      title: 'Kul orbitasi',
      description: 'Orbital stansiya ekipajida oʻn bir soatlik havo va qutqaruv kemasida bitta joy qolgan.',
    },
    Ru: {
      title: 'Орбита пепла',
      description:
        'У экипажа орбитальной станции осталось воздуха на одиннадцать часов и одно место в челноке.',
    },
    Ur: {
      title: 'راکھ کا مدار',
      description: 'مداری اسٹیشن کے عملے کے پاس گیارہ گھنٹے کی ہوا اور واپسی کی صرف ایک نشست ہے۔',
    },
  },
  'The Last Caravan': {
    Uz: {
      title: 'Soʻnggi karvon',
      description:
        '1890-yil. Karvonboshi ochilmasligi kerak boʻlgan yuk bilan Qizilqumni soʻnggi bor kesib oʻtadi.',
    },
    Ru: {
      title: 'Последний караван',
      description:
        '1890 год. Караванщик в последний раз пересекает Кызылкум с грузом, который нельзя открывать.',
    },
    Ur: {
      title: 'آخری قافلہ',
      description: '1890ء: ایک قافلہ سالار ایسے سامان کے ساتھ آخری بار قزل قم پار کرتا ہے جسے کھولنا منع ہے۔',
    },
  },
  'Paper Lanterns': {
    Uz: {
      title: 'Qogʻoz fonuslar',
      description: 'Ikki raqib oila shahar bayrami uchun fonusli aravani birga yasashga majbur boʻladi.',
    },
    Ru: {
      title: 'Бумажные фонарики',
      description:
        'Двум враждующим семьям приходится вместе строить платформу с фонариками к городскому празднику.',
    },
    Ur: {
      title: 'کاغذی لالٹینیں',
      description: 'دو حریف خاندانوں کو شہر کے میلے کے لیے لالٹینوں کی گاڑی مل کر بنانی پڑتی ہے۔',
    },
  },
  'Whistle & Wren': {
    Uz: {
      title: 'Hushtak va Chumchuq',
      description:
        'Ovozsiz chumchuq va sabrli choynak oʻrmondagi bahorgi qoʻshiq tanlovida gʻolib boʻlmoqchi.',
    },
    Ru: {
      title: 'Свисток и Крапивник',
      description:
        'Птичка без слуха и очень терпеливый чайник хотят победить в весеннем лесном конкурсе песен.',
    },
    Ur: {
      title: 'سیٹی اور ننھی چڑیا',
      description: 'ایک بے سُری چڑیا اور ایک صابر کیتلی جنگل کا بہار کا گانے کا مقابلہ جیتنا چاہتی ہیں۔',
    },
  },
  'Moonlit Meadow': {
    Uz: {
      title: 'Oydin yaylov',
      description:
        'Har kecha yaylov hayvonlari sirli parad oʻtkazadi. Bu kecha uni adashgan yaltiroq qoʻngʻiz boshlaydi.',
    },
    Ru: {
      title: 'Лунный луг',
      description:
        'Каждую ночь звери луга устраивают тайный парад. Сегодня его ведёт заблудившийся светлячок.',
    },
    Ur: {
      title: 'چاندنی کا سبزہ زار',
      description:
        'ہر رات سبزہ زار کے جانور ایک خفیہ جلوس نکالتے ہیں۔ آج ایک بھٹکا ہوا جگنو اس کی قیادت کرتا ہے۔',
    },
  },
  'Robo Rally': {
    Uz: {
      title: 'Robo poygasi',
      description:
        'Chiqindixonadagi robot ehtiyot qismlardan poyga mashinasi yasab, Marsdagi eng katta rallida qatnashadi.',
    },
    Ru: {
      title: 'Роборалли',
      description:
        'Робот со свалки собирает гоночную машину из запчастей и едет на самое большое ралли Марса.',
    },
    Ur: {
      title: 'روبو ریلی',
      description:
        'کباڑ خانے کا ایک روبوٹ پرزوں سے ریس کار بناتا ہے اور مریخ کی سب سے بڑی ریلی میں اترتا ہے۔',
    },
  },
  'Echo Valley': {
    Uz: {
      title: 'Aks-sado vodiysi',
      description: 'Sayyohlar tizma ortidan oʻz ovozlarini eshitishadi: ular hali aytmagan soʻzlarni.',
    },
    Ru: {
      title: 'Долина эха',
      description:
        'Туристы слышат из-за хребта собственные голоса, за день до того, как произнесут эти слова.',
    },
    Ur: {
      title: 'گونج کی وادی',
      description: 'کوہ پیما پہاڑی کے پار سے اپنی ہی آوازیں سنتے ہیں، وہ باتیں جو انہوں نے ابھی کہی نہیں۔',
    },
  },
  'The Quiet Detective': {
    Uz: {
      title: 'Jim detektiv',
      description: 'Nafaqadagi kutubxonachi qishloqdagi eng gʻalati oʻgʻirlikni kresloidan turmay ochadi.',
    },
    Ru: {
      title: 'Тихий детектив',
      description: 'Библиотекарь на пенсии раскрывает самую странную кражу в деревне, не вставая с кресла.',
    },
    Ur: {
      title: 'خاموش جاسوس',
      description: 'ایک ریٹائرڈ لائبریرین اپنی آرام کرسی سے اٹھے بغیر گاؤں کی سب سے عجیب چوری حل کرتی ہے۔',
    },
  },
  'Glass Tide': {
    Uz: {
      title: 'Shisha toʻlqin',
      description:
        'Dengiz laboratoriyasi suv koʻtarilishi bir soat, keyin ikki soat erta kelayotganini aniqlaydi.',
    },
    Ru: {
      title: 'Стеклянный прилив',
      description: 'Морская лаборатория замечает, что прилив приходит на час раньше, а потом на два.',
    },
    Ur: {
      title: 'شیشے کی لہر',
      description: 'ایک سمندری تجربہ گاہ دیکھتی ہے کہ جوار ایک گھنٹہ پہلے آنے لگا ہے، پھر دو گھنٹے پہلے۔',
    },
  },
  "Falcon's Oath": {
    Uz: {
      title: 'Lochin qasami',
      description:
        'Xon merosxoʻrini qoʻriqlashga qasam ichgan lochinchi uni qishki urush orqali dasht boʻylab olib oʻtadi.',
    },
    Ru: {
      title: 'Клятва сокола',
      description:
        'Сокольник, поклявшийся охранять наследницу хана, везёт её через степь сквозь зимнюю войну.',
    },
    Ur: {
      title: 'شاہین کا عہد',
      description:
        'خان کی وارث کی حفاظت کا حلف اٹھانے والا باز دار اسے سردیوں کی جنگ میں میدانوں کے پار لے جاتا ہے۔',
    },
  },
  'Ledger of Lies': {
    Uz: {
      title: 'Yolgʻonlar daftari',
      description: 'Nyu-Yorkdagi bank auditori boʻlmasligi kerak boʻlgan bitta tranzaksiyani topadi.',
    },
    Ru: {
      title: 'Книга лжи',
      description: 'Аудитор нью-йоркского банка находит одну транзакцию, которой не должно существовать.',
    },
    Ur: {
      title: 'جھوٹ کا کھاتہ',
      description: 'نیویارک کے ایک بینک کا آڈیٹر ایک ایسی ٹرانزیکشن ڈھونڈتا ہے جو ہونی ہی نہیں چاہیے تھی۔',
    },
  },
  'Bazaar Stories': {
    Uz: {
      title: 'Bozor hikoyalari',
      description: 'Toshkentning eng qadimiy bozoridagi rastachilarning hayoti, sevgisi va savdolashuvi.',
    },
    Ru: {
      title: 'Истории базара',
      description: 'Жизнь, любовь и торг среди продавцов старейшего базара Ташкента.',
    },
    Ur: {
      title: 'بازار کی کہانیاں',
      description: 'تاشقند کے سب سے پرانے بازار کے دکان داروں کی زندگی، محبت اور مول تول۔',
    },
  },
};

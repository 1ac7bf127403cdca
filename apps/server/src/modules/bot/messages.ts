import { InlineKeyboard } from 'grammy';
import type { LanguageCode } from '@egg-rush/game/language';
import { quotedName } from '@egg-rush/game/names';

/**
 * Texts the bot sends (design choices; short, one idea each), in each language the game speaks:
 * the player's choice in the app, else Telegram's language (`playerLanguage`).
 */
type Forms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

interface BotTexts {
  welcome: string;
  welcomeInvited: string;
  help: string;
  play: string;
  remindersOn: string;
  remindersOff: string;
  turnOn: string;
  turnOff: string;
  toastOn: string;
  toastOff: string;
  farm: string;
  energy: string;
  /** `word(n, forms)` writes a count in the language with the noun's form for it. */
  streak: (days: number, hours: number, word: Words) => string;
  friend: (name: string, reward: number, word: Words) => string;
  aFriend: string;
  missYou: string;
  thanks: (tickets: number, word: Words) => string;
  /** The answer to the player's airdrop appeal. */
  appealUpheld: string;
  appealRejected: string;
  /** The airdrop's window closes in `days` and the player has not claimed. */
  airdropDeadline: (days: number, word: Words) => string;
}

/** `n` written in the language, followed by the plural form of `forms` that goes with it. */
type Words = (n: number, forms: Forms) => string;

const help = (lines: string[]) => lines.join('\n');

const TEXTS: Record<LanguageCode, BotTexts> = {
  en: {
    welcome: 'Welcome to Egg Rush! Tap the egg, grow your farm, spin the wheel and climb the Leader Board.',
    welcomeInvited: 'Welcome to Egg Rush! A friend invited you: open the game to get your welcome bonus.',
    help: help([
      'Egg Rush is played in the mini-app: tap Play below or the menu button.',
      '',
      '/start: open the game',
      '/settings: turn reminders on or off',
      '/help: this message',
    ]),
    play: 'Play',
    remindersOn:
      'Reminders are on: the bot tells you when your farm is ready, your energy is full, your streak is about to end or a friend joins.',
    remindersOff: 'Reminders are off: the bot will not write to you.',
    turnOn: 'Turn reminders on',
    turnOff: 'Turn reminders off',
    toastOn: 'Reminders on',
    toastOff: 'Reminders off',
    farm: '🌾 Your farm is ready: come and claim your coins!',
    energy: '⚡ Your energy is full again. Time to tap!',
    streak: (days, hours, word) =>
      `🔥 Your ${days}-day check-in streak ends in ${word(hours, { one: 'hour', other: 'hours' })}: claim today's reward to keep it.`,
    friend: (name, reward, word) =>
      `🎉 ${name} joined through your invite: +${word(reward, { one: 'coin', other: 'coins' })} for you!`,
    aFriend: 'A friend',
    missYou: 'Egg Rush misses you!',
    thanks: (tickets, word) =>
      `Thank you! ${word(tickets, { one: 'ticket is', other: 'tickets are' })} in your balance.`,
    airdropDeadline: (days, word) =>
      `⏳ The airdrop closes in ${word(days, { one: 'day', other: 'days' })}: open the game and claim your tokens before then.`,
    appealUpheld: '✅ Your airdrop appeal was upheld: your account counts in the airdrop like any other.',
    appealRejected: 'Your airdrop appeal was reviewed: the team looked again and kept its decision.',
  },
  ru: {
    welcome:
      'Добро пожаловать в Egg Rush! Тапайте яйцо, растите ферму, крутите колесо и поднимайтесь в рейтинге.',
    welcomeInvited:
      'Добро пожаловать в Egg Rush! Вас пригласил друг: откройте игру, чтобы получить приветственный бонус.',
    help: help([
      'В Egg Rush играют в мини-приложении: нажмите «Играть» ниже или кнопку меню.',
      '',
      '/start — открыть игру',
      '/settings — включить или выключить напоминания',
      '/help — это сообщение',
    ]),
    play: 'Играть',
    remindersOn:
      'Напоминания включены: бот напишет, когда ферма готова, энергия восстановилась, серия вот-вот прервётся или к вам присоединился друг.',
    remindersOff: 'Напоминания выключены: бот не будет вам писать.',
    turnOn: 'Включить напоминания',
    turnOff: 'Выключить напоминания',
    toastOn: 'Напоминания включены',
    toastOff: 'Напоминания выключены',
    farm: '🌾 Ферма готова: заберите свои монеты!',
    energy: '⚡ Энергия снова полная. Пора тапать!',
    streak: (days, hours, word) =>
      `🔥 Ваша серия отметок (${word(days, { one: 'день', few: 'дня', other: 'дней' })}) прервётся через ${word(hours, { one: 'час', few: 'часа', other: 'часов' })}: заберите сегодняшнюю награду, чтобы её сохранить.`,
    friend: (name, reward, word) =>
      `🎉 ${name} — по вашему приглашению: +${word(reward, { one: 'монета', few: 'монеты', other: 'монет' })} для вас!`,
    aFriend: 'Друг',
    missYou: 'Egg Rush скучает по вам!',
    thanks: (tickets, word) =>
      `Спасибо! На вашем балансе +${word(tickets, { one: 'билет', few: 'билета', other: 'билетов' })}.`,
    airdropDeadline: (days, word) =>
      `⏳ Аирдроп закрывается через ${word(days, { one: 'день', few: 'дня', other: 'дней' })}: откройте игру и заберите свои токены до этого.`,
    appealUpheld:
      '✅ Ваша апелляция по аирдропу удовлетворена: аккаунт участвует в аирдропе, как и все остальные.',
    appealRejected:
      'Ваша апелляция по аирдропу рассмотрена: команда пересмотрела дело и оставила решение в силе.',
  },
  uk: {
    welcome: 'Вітаємо в Egg Rush! Тапайте яйце, розвивайте ферму, крутіть колесо та піднімайтеся в рейтингу.',
    welcomeInvited: 'Вітаємо в Egg Rush! Вас запросив друг: відкрийте гру, щоб отримати вітальний бонус.',
    help: help([
      'В Egg Rush грають у міні-застосунку: натисніть «Грати» нижче або кнопку меню.',
      '',
      '/start — відкрити гру',
      '/settings — увімкнути чи вимкнути нагадування',
      '/help — це повідомлення',
    ]),
    play: 'Грати',
    remindersOn:
      'Нагадування увімкнено: бот напише, коли ферма готова, енергія відновилася, серія ось-ось перерветься або до вас приєднався друг.',
    remindersOff: 'Нагадування вимкнено: бот не писатиме вам.',
    turnOn: 'Увімкнути нагадування',
    turnOff: 'Вимкнути нагадування',
    toastOn: 'Нагадування увімкнено',
    toastOff: 'Нагадування вимкнено',
    farm: '🌾 Ферма готова: заберіть свої монети!',
    energy: '⚡ Енергія знову повна. Час тапати!',
    streak: (days, hours, word) =>
      `🔥 Ваша серія відміток (${word(days, { one: 'день', few: 'дні', other: 'днів' })}) перерветься через ${word(hours, { one: 'годину', few: 'години', other: 'годин' })}: заберіть сьогоднішню нагороду, щоб її зберегти.`,
    friend: (name, reward, word) =>
      `🎉 ${name} — за вашим запрошенням: +${word(reward, { one: 'монета', few: 'монети', other: 'монет' })} для вас!`,
    aFriend: 'Друг',
    missYou: 'Egg Rush сумує за вами!',
    thanks: (tickets, word) =>
      `Дякуємо! На вашому балансі +${word(tickets, { one: 'квиток', few: 'квитки', other: 'квитків' })}.`,
    airdropDeadline: (days, word) =>
      `⏳ Аірдроп закривається через ${word(days, { one: 'день', few: 'дні', other: 'днів' })}: відкрийте гру та заберіть свої токени до цього.`,
    appealUpheld: '✅ Вашу апеляцію щодо аірдропу задоволено: акаунт бере участь в аірдропі, як і всі інші.',
    appealRejected:
      'Вашу апеляцію щодо аірдропу розглянуто: команда переглянула справу й залишила рішення в силі.',
  },
  es: {
    welcome:
      '¡Bienvenido a Egg Rush! Toca el huevo, haz crecer tu granja, gira la ruleta y sube en la clasificación.',
    welcomeInvited:
      '¡Bienvenido a Egg Rush! Un amigo te invitó: abre el juego para recibir tu bono de bienvenida.',
    help: help([
      'Egg Rush se juega en la miniapp: toca Jugar abajo o el botón del menú.',
      '',
      '/start: abrir el juego',
      '/settings: activar o desactivar los recordatorios',
      '/help: este mensaje',
    ]),
    play: 'Jugar',
    remindersOn:
      'Los recordatorios están activados: el bot te avisa cuando tu granja está lista, tu energía está llena, tu racha está por terminar o se une un amigo.',
    remindersOff: 'Los recordatorios están desactivados: el bot no te escribirá.',
    turnOn: 'Activar recordatorios',
    turnOff: 'Desactivar recordatorios',
    toastOn: 'Recordatorios activados',
    toastOff: 'Recordatorios desactivados',
    farm: '🌾 Tu granja está lista: ¡ven a cobrar tus monedas!',
    energy: '⚡ Tu energía está llena otra vez. ¡A tocar!',
    streak: (days, hours, word) =>
      `🔥 Tu racha de ${word(days, { one: 'día', other: 'días' })} termina en ${word(hours, { one: 'hora', other: 'horas' })}: cobra la recompensa de hoy para mantenerla.`,
    friend: (name, reward, word) =>
      `🎉 ${name} se unió con tu invitación: ¡+${word(reward, { one: 'moneda', other: 'monedas' })} para ti!`,
    aFriend: 'Un amigo',
    missYou: '¡Egg Rush te extraña!',
    thanks: (tickets, word) =>
      `¡Gracias! Tu saldo suma +${word(tickets, { one: 'boleto', other: 'boletos' })}.`,
    airdropDeadline: (days, word) =>
      `⏳ El airdrop cierra en ${word(days, { one: 'día', other: 'días' })}: abre el juego y reclama tus tokens antes.`,
    appealUpheld:
      '✅ Tu apelación del airdrop fue aceptada: tu cuenta participa en el airdrop como cualquier otra.',
    appealRejected:
      'Tu apelación del airdrop fue revisada: el equipo la revisó de nuevo y mantuvo su decisión.',
  },
  'pt-BR': {
    welcome:
      'Boas-vindas ao Egg Rush! Toque no ovo, faça sua fazenda crescer, gire a roleta e suba no ranking.',
    welcomeInvited:
      'Boas-vindas ao Egg Rush! Um amigo convidou você: abra o jogo para receber seu bônus de boas-vindas.',
    help: help([
      'O Egg Rush é jogado no miniapp: toque em Jogar abaixo ou no botão do menu.',
      '',
      '/start: abrir o jogo',
      '/settings: ligar ou desligar os lembretes',
      '/help: esta mensagem',
    ]),
    play: 'Jogar',
    remindersOn:
      'Lembretes ligados: o bot avisa quando sua fazenda estiver pronta, sua energia estiver cheia, sua sequência estiver para acabar ou um amigo entrar.',
    remindersOff: 'Lembretes desligados: o bot não vai escrever para você.',
    turnOn: 'Ligar lembretes',
    turnOff: 'Desligar lembretes',
    toastOn: 'Lembretes ligados',
    toastOff: 'Lembretes desligados',
    farm: '🌾 Sua fazenda está pronta: venha coletar suas moedas!',
    energy: '⚡ Sua energia está cheia de novo. Hora de tocar!',
    streak: (days, hours, word) =>
      `🔥 Sua sequência de ${word(days, { one: 'dia', other: 'dias' })} termina em ${word(hours, { one: 'hora', other: 'horas' })}: colete a recompensa de hoje para mantê-la.`,
    friend: (name, reward, word) =>
      `🎉 ${name} entrou pelo seu convite: +${word(reward, { one: 'moeda', other: 'moedas' })} para você!`,
    aFriend: 'Um amigo',
    missYou: 'O Egg Rush sente sua falta!',
    thanks: (tickets, word) =>
      `Obrigado! +${word(tickets, { one: 'ticket', other: 'tickets' })} no seu saldo.`,
    airdropDeadline: (days, word) =>
      `⏳ O airdrop fecha em ${word(days, { one: 'dia', other: 'dias' })}: abra o jogo e resgate seus tokens antes disso.`,
    appealUpheld: '✅ Seu recurso do airdrop foi aceito: sua conta participa do airdrop como qualquer outra.',
    appealRejected: 'Seu recurso do airdrop foi analisado: a equipe analisou de novo e manteve a decisão.',
  },
  id: {
    welcome:
      'Selamat datang di Egg Rush! Ketuk telurnya, kembangkan lahanmu, putar roda, dan naiki papan peringkat.',
    welcomeInvited:
      'Selamat datang di Egg Rush! Seorang teman mengundangmu: buka game untuk mendapatkan bonus sambutan.',
    help: help([
      'Egg Rush dimainkan di mini app: ketuk Main di bawah atau tombol menu.',
      '',
      '/start: buka game',
      '/settings: nyalakan atau matikan pengingat',
      '/help: pesan ini',
    ]),
    play: 'Main',
    remindersOn:
      'Pengingat aktif: bot memberi tahu saat lahanmu siap dipanen, energimu penuh, streak-mu hampir putus, atau ada teman yang bergabung.',
    remindersOff: 'Pengingat nonaktif: bot tidak akan mengirim pesan kepadamu.',
    turnOn: 'Nyalakan pengingat',
    turnOff: 'Matikan pengingat',
    toastOn: 'Pengingat aktif',
    toastOff: 'Pengingat nonaktif',
    farm: '🌾 Lahanmu siap dipanen: ayo klaim koinmu!',
    energy: '⚡ Energimu penuh lagi. Saatnya mengetuk!',
    streak: (days, hours, word) =>
      `🔥 Streak check-in ${word(days, { other: 'hari' })} milikmu berakhir dalam ${word(hours, { other: 'jam' })}: klaim hadiah hari ini agar tetap berlanjut.`,
    friend: (name, reward, word) =>
      `🎉 ${name} bergabung lewat undanganmu: +${word(reward, { other: 'koin' })} untukmu!`,
    aFriend: 'Seorang teman',
    missYou: 'Egg Rush merindukanmu!',
    thanks: (tickets, word) => `Terima kasih! +${word(tickets, { other: 'tiket' })} sudah masuk ke saldomu.`,
    airdropDeadline: (days, word) =>
      `⏳ Airdrop ditutup dalam ${word(days, { other: 'hari' })}: buka game dan klaim token-mu sebelum itu.`,
    appealUpheld: '✅ Banding airdrop-mu diterima: akunmu ikut dalam airdrop seperti akun lainnya.',
    appealRejected: 'Banding airdrop-mu sudah ditinjau: tim memeriksanya lagi dan tetap pada keputusannya.',
  },
  vi: {
    welcome:
      'Chào mừng đến với Egg Rush! Chạm vào quả trứng, phát triển nông trại, quay vòng quay và leo bảng xếp hạng.',
    welcomeInvited:
      'Chào mừng đến với Egg Rush! Một người bạn đã mời bạn: mở trò chơi để nhận thưởng chào mừng.',
    help: help([
      'Egg Rush được chơi trong mini app: nhấn Chơi bên dưới hoặc nút menu.',
      '',
      '/start: mở trò chơi',
      '/settings: bật hoặc tắt lời nhắc',
      '/help: tin nhắn này',
    ]),
    play: 'Chơi',
    remindersOn:
      'Lời nhắc đang bật: bot sẽ báo khi nông trại sẵn sàng, năng lượng đầy, chuỗi điểm danh sắp đứt hoặc có bạn bè tham gia.',
    remindersOff: 'Lời nhắc đang tắt: bot sẽ không nhắn cho bạn.',
    turnOn: 'Bật lời nhắc',
    turnOff: 'Tắt lời nhắc',
    toastOn: 'Đã bật lời nhắc',
    toastOff: 'Đã tắt lời nhắc',
    farm: '🌾 Nông trại đã sẵn sàng: vào nhận xu nào!',
    energy: '⚡ Năng lượng đã đầy trở lại. Chạm thôi!',
    streak: (days, hours, word) =>
      `🔥 Chuỗi điểm danh ${word(days, { other: 'ngày' })} của bạn sẽ kết thúc sau ${word(hours, { other: 'giờ' })}: nhận thưởng hôm nay để giữ chuỗi.`,
    friend: (name, reward, word) =>
      `🎉 ${name} đã tham gia qua lời mời của bạn: +${word(reward, { other: 'xu' })} cho bạn!`,
    aFriend: 'Một người bạn',
    missYou: 'Egg Rush nhớ bạn!',
    thanks: (tickets, word) => `Cảm ơn bạn! +${word(tickets, { other: 'vé' })} đã vào số dư của bạn.`,
    airdropDeadline: (days, word) =>
      `⏳ Airdrop sẽ đóng sau ${word(days, { other: 'ngày' })}: hãy mở trò chơi và nhận token của bạn trước thời hạn.`,
    appealUpheld:
      '✅ Kháng nghị airdrop của bạn được chấp nhận: tài khoản được tính trong airdrop như mọi tài khoản khác.',
    appealRejected:
      'Kháng nghị airdrop của bạn đã được xem xét: đội ngũ đã xem xét lại và giữ nguyên quyết định.',
  },
  tr: {
    welcome: "Egg Rush'a hoş geldin! Yumurtaya dokun, çiftliğini büyüt, çarkı çevir ve sıralamada yüksel.",
    welcomeInvited:
      "Egg Rush'a hoş geldin! Bir arkadaşın seni davet etti: hoş geldin bonusunu almak için oyunu aç.",
    help: help([
      "Egg Rush mini uygulamada oynanır: aşağıdaki Oyna'ya ya da menü düğmesine dokun.",
      '',
      '/start: oyunu aç',
      '/settings: hatırlatmaları aç veya kapat',
      '/help: bu mesaj',
    ]),
    play: 'Oyna',
    remindersOn:
      'Hatırlatmalar açık: çiftliğin hazır olduğunda, enerjin dolduğunda, serin bitmek üzereyken ya da bir arkadaşın katıldığında bot sana yazar.',
    remindersOff: 'Hatırlatmalar kapalı: bot sana yazmayacak.',
    turnOn: 'Hatırlatmaları aç',
    turnOff: 'Hatırlatmaları kapat',
    toastOn: 'Hatırlatmalar açık',
    toastOff: 'Hatırlatmalar kapalı',
    farm: '🌾 Çiftliğin hazır: gel, coinlerini topla!',
    energy: '⚡ Enerjin yeniden doldu. Dokunma zamanı!',
    streak: (days, hours, word) =>
      `🔥 ${word(days, { other: 'günlük' })} giriş serin ${word(hours, { other: 'saat' })} içinde bitiyor: korumak için bugünün ödülünü al.`,
    friend: (name, reward, word) => `🎉 ${name} davetinle katıldı: sana +${word(reward, { other: 'coin' })}!`,
    aFriend: 'Bir arkadaşın',
    missYou: 'Egg Rush seni özledi!',
    thanks: (tickets, word) => `Teşekkürler! +${word(tickets, { other: 'bilet' })} bakiyende.`,
    airdropDeadline: (days, word) =>
      `⏳ Airdrop ${word(days, { other: 'gün' })} içinde kapanıyor: oyunu aç ve tokenlarını ondan önce al.`,
    appealUpheld: "✅ Airdrop itirazın kabul edildi: hesabın airdrop'a diğerleri gibi katılıyor.",
    appealRejected: 'Airdrop itirazın incelendi: ekip yeniden inceledi ve kararını korudu.',
  },
  fa: {
    welcome:
      'به Egg Rush خوش آمدی! روی تخم‌مرغ ضربه بزن، مزرعه‌ات را بزرگ کن، گردونه را بچرخان و در جدول امتیازها بالا برو.',
    welcomeInvited:
      'به Egg Rush خوش آمدی! یکی از دوستانت دعوتت کرده: بازی را باز کن تا جایزهٔ خوش‌آمدت را بگیری.',
    help: help([
      'Egg Rush در مینی‌اپ بازی می‌شود: روی «بازی» در پایین یا دکمهٔ منو بزن.',
      '',
      '/start: باز کردن بازی',
      '/settings: روشن یا خاموش کردن یادآورها',
      '/help: همین پیام',
    ]),
    play: 'بازی',
    remindersOn:
      'یادآورها روشن است: ربات خبرت می‌کند وقتی مزرعه‌ات آماده است، انرژی‌ات پر شده، زنجیرهٔ حضورت دارد تمام می‌شود یا دوستی به بازی می‌پیوندد.',
    remindersOff: 'یادآورها خاموش است: ربات به تو پیام نمی‌دهد.',
    turnOn: 'روشن کردن یادآورها',
    turnOff: 'خاموش کردن یادآورها',
    toastOn: 'یادآورها روشن شد',
    toastOff: 'یادآورها خاموش شد',
    farm: '🌾 مزرعه‌ات آماده است: بیا سکه‌هایت را بگیر!',
    energy: '⚡ انرژی‌ات دوباره پر شد. وقت ضربه زدن است!',
    streak: (days, hours, word) =>
      `🔥 زنجیرهٔ ${word(days, { other: 'روزهٔ' })} حضورت تا ${word(hours, { other: 'ساعت' })} دیگر تمام می‌شود: جایزهٔ امروز را بگیر تا حفظش کنی.`,
    friend: (name, reward, word) => `🎉 ${name} با دعوت تو آمد: +${word(reward, { other: 'سکه' })} برای تو!`,
    aFriend: 'یک دوست',
    missYou: 'Egg Rush دلش برایت تنگ شده!',
    thanks: (tickets, word) => `ممنون! +${word(tickets, { other: 'بلیت' })} به موجودی‌ات اضافه شد.`,
    airdropDeadline: (days, word) =>
      `⏳ ایردراپ تا ${word(days, { other: 'روز' })} دیگر بسته می‌شود: بازی را باز کن و توکن‌هایت را پیش از آن بگیر.`,
    appealUpheld: '✅ اعتراضت درباره ایردراپ پذیرفته شد: حسابت مثل بقیه در ایردراپ حساب می‌شود.',
    appealRejected: 'اعتراضت درباره ایردراپ بررسی شد: تیم دوباره بررسی کرد و تصمیمش را تغییر نداد.',
  },
  hi: {
    welcome: 'Egg Rush में आपका स्वागत है! अंडे पर टैप करें, अपना फ़ार्म बढ़ाएँ, पहिया घुमाएँ और लीडरबोर्ड पर ऊपर चढ़ें।',
    welcomeInvited: 'Egg Rush में आपका स्वागत है! एक दोस्त ने आपको बुलाया है: अपना वेलकम बोनस पाने के लिए गेम खोलें।',
    help: help([
      'Egg Rush मिनी-ऐप में खेला जाता है: नीचे «खेलें» या मेन्यू बटन दबाएँ।',
      '',
      '/start: गेम खोलें',
      '/settings: रिमाइंडर चालू या बंद करें',
      '/help: यही संदेश',
    ]),
    play: 'खेलें',
    remindersOn:
      'रिमाइंडर चालू हैं: आपका फ़ार्म तैयार होने, एनर्जी भरने, स्ट्रीक टूटने वाली होने या किसी दोस्त के जुड़ने पर बॉट आपको बताएगा।',
    remindersOff: 'रिमाइंडर बंद हैं: बॉट आपको संदेश नहीं भेजेगा।',
    turnOn: 'रिमाइंडर चालू करें',
    turnOff: 'रिमाइंडर बंद करें',
    toastOn: 'रिमाइंडर चालू',
    toastOff: 'रिमाइंडर बंद',
    farm: '🌾 आपका फ़ार्म तैयार है: आइए, अपने सिक्के लीजिए!',
    energy: '⚡ आपकी एनर्जी फिर से फुल है। टैप करने का समय!',
    streak: (days, hours, word) =>
      `🔥 आपकी ${word(days, { other: 'दिन' })} की चेक-इन स्ट्रीक ${word(hours, { one: 'घंटे', other: 'घंटों' })} में खत्म हो जाएगी: इसे बचाने के लिए आज का इनाम लीजिए।`,
    friend: (name, reward, word) =>
      `🎉 ${name} आपके न्योते से जुड़े: आपके लिए +${word(reward, { one: 'सिक्का', other: 'सिक्के' })}!`,
    aFriend: 'एक दोस्त',
    missYou: 'Egg Rush आपको याद कर रहा है!',
    thanks: (tickets, word) => `धन्यवाद! आपके बैलेंस में +${word(tickets, { other: 'टिकट' })}।`,
    airdropDeadline: (days, word) =>
      `⏳ एयरड्रॉप ${word(days, { one: 'दिन', other: 'दिनों' })} में बंद हो जाएगा: गेम खोलें और उससे पहले अपने टोकन क्लेम करें।`,
    appealUpheld: '✅ एयरड्रॉप पर आपकी अपील स्वीकार हुई: आपका अकाउंट बाकी सभी की तरह एयरड्रॉप में गिना जाएगा।',
    appealRejected: 'एयरड्रॉप पर आपकी अपील देखी गई: टीम ने दोबारा देखा और अपना फ़ैसला बनाए रखा।',
  },
};

/** The bot's texts in `lng`, with numbers and plurals in that language. */
export function botTexts(lng: LanguageCode) {
  const texts = TEXTS[lng];
  const plural = new Intl.PluralRules(lng);
  const number = new Intl.NumberFormat(lng, { maximumFractionDigits: 0 });
  const word: Words = (n, forms) => `${number.format(n)} ${forms[plural.select(n)] ?? forms.other}`;
  return {
    ...texts,
    settingsText: (on: boolean) => (on ? texts.remindersOn : texts.remindersOff),
    settingsKeyboard: (on: boolean) =>
      new InlineKeyboard().text(on ? texts.turnOff : texts.turnOn, on ? 'notify:off' : 'notify:on'),
    notificationText(kind: string, detail: Record<string, unknown>, hoursLeft: number): string {
      switch (kind) {
        case 'farm':
          return texts.farm;
        case 'energy':
          return texts.energy;
        case 'streak':
          return texts.streak(Number(detail.streak ?? 1), hoursLeft, word);
        case 'friend':
          // Another player's chosen name: neutralised and quoted, never the bot's own words.
          return texts.friend(
            quotedName(typeof detail.name === 'string' ? detail.name : null) ?? texts.aFriend,
            Number(detail.reward ?? 0),
            word,
          );
        case 'appeal':
          return detail.outcome === 'upheld' ? texts.appealUpheld : texts.appealRejected;
        case 'airdrop-deadline':
          return texts.airdropDeadline(Number(detail.days ?? 1), word);
        default:
          return texts.missYou;
      }
    },
    thanksText: (tickets: number) => texts.thanks(tickets, word),
  };
}

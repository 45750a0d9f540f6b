"""The seed's eight example messages in each language (English from SPEC.md, the others
copied from the seed translations, mistranslations included)."""

from __future__ import annotations

SEED_MESSAGES: dict[str, dict[int, str]] = {
    "en": {
        1: "Hey! I'm 32 and train at home. I have adjustable dumbbells up to 22 kg and an "
           "adjustable bench. I want to build muscle, especially chest and delts, but my lower "
           "back bothers me on heavy deadlifts. I can train 4 days a week for about 45 minutes.",
        2: "I only have 30 minutes on Monday instead of 45. Keep the chest focus but cut the "
           "fluff.",
        3: "Can we mix it up? Move my training days to Monday, Wednesday, Friday and Saturday, "
           "and make Saturday an arms-and-shoulders day.",
        4: "The bench is taken. What can I do instead of Incline DB Bench Press right now?",
        5: "My right shoulder feels really tight and irritated today. I don't think I should do "
           "overhead work or heavy incline pressing.",
        6: "I have a 36-hole golf tournament this Saturday. Make sure my back, forearms and "
           "shoulders aren't fried before the weekend.",
        7: "Should I go up in weight on incline DB bench? What has my volume looked like over "
           "the last 3 weeks?",
        8: "I can't feel my lats on dumbbell rows; I feel it mostly in my biceps and forearm. "
           "What should I change?",
    },
    "es": {
        1: "¡Hola! Tengo 32 años y entreno en casa. Tengo mancuernas ajustables de hasta 22 kg y "
           "un banco ajustable. Quiero desarrollar músculo, especialmente en el pecho y los "
           "deltoides, pero me duele la parte inferior de la espalda si hago peso muerto "
           "pesado. Puedo entrenar 4 días a la semana durante unos 45 minutos",
        2: "Solo tengo 30 minutos para el entrenamiento del lunes en lugar de 45. Mantén el "
           "enfoque en el pecho, pero elimina lo que no sea necesario",
        3: "Quiero cambiar un poco. Cambia mis días de entrenamiento a lunes, miércoles, "
           "viernes y sábado, y haz que el sábado sea un día dedicado a brazos y hombros",
        4: "El banco está ocupado. ¿Qué puedo hacer en lugar de press de banca inclinado con "
           "mancuernas en este momento?",
        5: "Hoy siento un dolor punzante e irritación en el hombro derecho. No creo que deba "
           "hacer press militar ni press inclinado con mucho peso",
        6: "Tengo un torneo de golf de 36 hoyos este sábado. Asegúrate de que mi espalda, "
           "antebrazos y hombros no estén agotados antes del fin de semana",
        7: "¿Debería aumentar el peso en el press de banca inclinado con mancuernas? ¿Cómo ha "
           "sido mi volumen durante las últimas 3 semanas?",
        8: "Me cuesta sentir los dorsales cuando hago remo con mancuernas. Siento el esfuerzo "
           "principalmente en los bíceps y el antebrazo. ¿Qué debería cambiar?",
    },
    "it": {
        1: "Hey! Ho 32 anni e mi alleno a casa. Ho dei manubri regolabili fino a 22 kg e una "
           "panca regolabile. Voglio aumentare la massa muscolare, soprattutto petto e "
           "deltoidi, ma la zona lombare mi dà fastidio se faccio stacchi da terra pesanti. "
           "Posso allenarmi 4 giorni alla settimana per circa 45 minuti.",
        2: "Lunedì ho solo 30 minuti per l'allenamento invece di 45. Mantieni l'attenzione sul "
           "petto, ma elimina il superfluo.",
        3: "Ti va di cambiare un po'? Sposta i miei giorni di allenamento a lunedì, mercoledì, "
           "venerdì e sabato e dedica il sabato alle braccia e alle spalle.",
        4: "La panchina è occupata. What can I do instead of Incline DB Bench Press right now?",
        5: "Oggi sento la spalla destra molto tesa e irritata. Non credo che dovrei fare "
           "sollevamenti sopra la testa o allenamenti intensi su panca inclinata",
        6: "Questo sabato ho un torneo di golf da 36 buche. Assicurati che la schiena, gli "
           "avambracci e le spalle non siano troppo affaticati prima del fine settimana.",
        7: "Dovrei aumentare il peso sulla panca inclinata con manubri? Qual è stato il mio "
           "volume nelle ultime 3 settimane?",
        8: "Faccio fatica a sentire i dorsali quando faccio i rematori con manubrio. Lo sento "
           "soprattutto nei bicipiti e nell'avambraccio. Cosa devo modificare?",
    },
    "he": {
        1: 'היי! אני בת 32, מתאמנת בבית. יש לי משקולות יד מתכווננות עד 22 ק"ג וספסל מתכוונן. '
           "אני רוצה לפתח שרירים, במיוחד בחזה ובכתפיים, אבל הגב התחתון שלי כואב כשאני מרים "
           "משקולות כבדות. אני יכול להתאמן 4 ימים בשבוע, בערך 45 דקות בכל פעם",
        2: "יש לי רק 30 דקות לאימון ביום שני במקום 45. תשמור על המיקוד בחזה אבל תוריד את "
           "המידע המיותר",
        3: "אני רוצה לשנות דברים. תעביר את ימי האימון שלי לימי שני, רביעי, שישי ושבת, ותהפוך "
           "את שבת ליום שמוקדש לזרועות ולכתפיים",
        4: "הספסל תפוס. מה אפשר לעשות במקום לחיצת חזה בשיפוע חיובי עם משקולות יד?",
        5: "הכתף הימנית שלי ממש כואבת ומגורה היום. אני לא חושב שכדאי לי להרים משקולות מעל "
           "הראש או לעשות תרגילים בשיפוע תלול.",
        6: "יש לי טורניר גולף של 36 גומות בשבת הקרובה. חשוב לי שהגב, האמות והכתפיים שלי לא "
           "יהיו תפוסים בסוף השבוע",
        7: "כדאי לי להגדיל את המשקל בלחיצת חזה בשיפוע חיובי עם משקולות יד? מה היה נפח "
           "החיפושים ב-3 השבועות האחרונים?",
        8: "קשה לי להרגיש את שרירי הגב הרחבים כשאני מרים משקולות יד. אני מרגיש את זה בעיקר "
           "בשריר הזרוע הדו-ראשי ובאמה. מה צריך לשנות?",
    },
    "ko": {
        1: "안녕! 32세이고 집에서 운동합니다. 최대 50파운드까지 조절 가능한 덤벨과 조절식 "
           "벤치가 있습니다. 근육, 특히 가슴과 삼각근을 키우고 싶은데 무거운 데드리프트를 하면 "
           "허리가 아파요. 일주일에 4일, 하루에 45분 정도 운동할 수 있어.",
        2: "월요일 운동 시간이 45분이 아니라 30분밖에 없어. 가슴에 집중하되 불필요한 부분은 "
           "잘라내 줘.",
        3: "다른 음악도 들어보고 싶어. 운동 요일을 월요일, 수요일, 금요일, 토요일로 변경하고 "
           "토요일은 팔과 어깨 운동에 집중하는 날로 만들어 줘.",
        4: "벤치에 사람이 앉아 있어. 지금 인클라인 덤벨 벤치 프레스 대신 할 수 있는 운동은?",
        5: "오늘 오른쪽 어깨가 찌릿하고 불편해. 오버헤드 프레스나 무거운 인클라인은 하지 않는 "
           "게 좋겠어.",
        6: "이번 주 토요일에 36홀 골프 토너먼트가 있어. 주말에 등, 팔뚝, 어깨가 너무 피로하지 "
           "않도록 해 줘.",
        7: "인클라인 덤벨 벤치 프레스 중량을 늘려야 할까? 지난 3주 동안의 거래량은 어땠나요?",
        8: "덤벨 로우를 할 때 광배근에 자극이 잘 안 와요. 주로 이두근과 팔뚝에 자극이 "
           "느껴집니다. 무엇을 변경해야 하나요?",
    },
}

"""Context vocabulary for the generator: phrases around a time, and random filler words.

None of these contain number words, am/pm, part-of-day words, noon or midnight, so the
label of a generated text is decided by the time phrase alone.
"""
from __future__ import annotations

#: Words that change nothing about the time ("at around 7", "7 sharp").
FILLERS_BEFORE = (
    "at", "at", "at", "around", "about", "exactly", "approximately", "approx.", "abt",
    "roughly", "~", "@", "by", "until", "till", "at around", "at about", "at exactly",
    "around about", "say", "maybe", "like",
)
FILLERS_AFTER = ("sharp", "exactly", "on the dot", "or so", "latest", "at the latest")

PREFIXES = (
    "meet me", "let's meet", "lets meet", "the train leaves", "train leaves", "dinner",
    "call me", "wake me up", "set an alarm for", "alarm", "remind me", "see you",
    "pick me up", "the meeting is", "meeting", "the flight lands", "flight departs",
    "class starts", "my shift ends", "reservation", "appointment", "doors open",
    "it's", "it is", "its", "now it's", "the time is", "time:", "we close", "arrive",
    "delivery", "be there", "kickoff", "standup", "lunch", "breakfast", "gym",
    "bus comes", "the show starts", "check-in", "checkout", "movie", "game starts",
    "pickup", "drop off", "store opens", "shop closes", "party starts", "call",
    "the doctor can see you", "can we do", "how about", "what about", "book it for",
    "schedule it", "ping me", "text me", "leaving", "landing", "boarding", "start",
    "ends", "due", "deadline", "concert", "the webinar begins", "interview",
    # a preposition right before the time ("moved to 2pm", "from 9am"): not an "M to H" phrase
    "moved to", "moved it to", "pushed to", "push it to", "pushed back to", "rescheduled to",
    "changed to", "postponed to", "bumped to", "switched to", "brought forward to", "set it to",
    "from", "open from", "starting", "starts from", "let's say", "make it", "ok", "okay", "fine,",
    "ok so", "alright,", "so",
)
SUFFIXES = (
    "tomorrow", "today", "on friday", "on monday", "next tuesday", "please", "then",
    "ok?", "works for me", "if that's ok", "see you there", "sounds good", "thanks",
    "this saturday", "on sunday", "right?", "don't be late", "confirmed", "again",
    "as usual", "for the team", "at the office", "downstairs", "in the lobby",
    "at the station", "by the gate", "on wednesday", "on thursday", "next week",
    # agreeing on a time: "nine it is", "6 then?", "4 works"
    "it is", "it is then", "it'll be", "then?", "is fine", "is perfect", "works", "works?", "ok",
    "is good", "it's settled", "is it", "would do",
    # g11: chat after a (bare) time: "can we do 3 instead?", "4 then, bye", "5 ok then"
    "instead", "instead?", "instead then", "instead, ok?", "then, bye", "ok then", "then ok?", "is that ok?",
    "yeah?", "if that works", "if possible", "or is that late?", "no later", "for real", "would be better",
    "suits me better", "as agreed", "like we said", "alright?", "fine by me", "cool?",
)
#: Context in other languages around digit times ("rdv 14h30 devant la gare", "um 9.15 am Bahnhof").
FOREIGN_PREFIXES = (
    "rdv", "rendez-vous", "rendez-vous \u00e0", "on se voit \u00e0", "\u00e0", "vers", "d\u00e9part",
    "arriv\u00e9e", "r\u00e9union \u00e0", "d\u00e8s", "um", "treffen um", "ab", "abfahrt", "bis",
    "a las", "salida", "llegada", "alle", "partenza", "om", "vertrek",
)
FOREIGN_SUFFIXES = (
    "devant la gare", "au bureau", "chez moi", "demain", "merci", "\u00e0 la maison", "bis dann",
    "am bahnhof", "im b\u00fcro", "danke", "en la oficina", "gracias", "ma\u00f1ana", "grazie",
    "in stazione", "tot dan", "s'il te pla\u00eet", "ok?",
)
#: Other numbers beside a time that are no part of it ("10 o'clock, room 4", "gate 12"),
#: as ``(noun, largest number)``.
DISTRACTOR_NOUNS = (
    ("room", 40), ("gate", 60), ("platform", 20), ("table for", 12), ("bus", 99), ("floor", 30),
    ("seat", 60), ("terminal", 5), ("line", 20), ("level", 9), ("court", 12), ("ward", 20),
    ("building", 12), ("track", 20), ("pier", 12), ("exit", 40), ("room no.", 40), ("bay", 30),
    ("flight", 999), ("train", 999), ("zone", 9), ("aisle", 30), ("door", 12), ("block", 20),
)

#: Random words for noise and for no-time sentences.
RANDOM_WORDS = tuple(
    """
    apple banana coffee table window garden river mountain paper pencil laptop phone
    music dog cat bird house street city station airport office school library park
    beach ticket friend family teacher doctor nurse driver manager team project report
    email message letter package order invoice budget plan idea question answer problem
    weather rain snow sunny cloudy warm cold hot quiet loud fast slow happy tired busy
    free open closed late early soon later maybe always never often sometimes usually
    please thanks hello hi hey sorry okay sure yes no great good fine nice cool awesome
    red blue green yellow black white big small long short new old young nice best
    car bike bus taxi plane boat walk run drive fly swim read write cook eat drink sleep
    work play watch listen talk call send bring take give make find keep leave start stop
    monday tuesday wednesday thursday friday saturday sunday weekend week month year today
    tomorrow yesterday holiday birthday wedding party dinner lunch breakfast meeting class
    room floor door key bag box bottle glass cup plate spoon fork knife chair desk lamp
    the a an and or but with for from to in on of my your our their this that these those
    we you they he she it me us them is are was be been have has do does did can could
    will would should may might must need want like love hate know think see look come go
    idea plan lovely awful weird funny strange simple quick slow ready done sorry maybe
    coffee tea pizza pasta salad soup bread cheese chocolate cake cookie juice water wine
    beer movie song book game show story news photo video picture album concert museum
    zoo forest lake island village country world planet moon sun star sky cloud wind
    what when where why how who which whatever anyway though although because since
    really very quite pretty super totally honestly literally basically probably
    hope wish guess wonder feel seem try ask tell say help meet join visit wait remember
    forget plan book cancel move change check confirm update sign share post reply
    day night_shift everyone someone anyone nobody something nothing everything
    amazing perfect fine terrible wonderful excellent fantastic brilliant lovely
    gonna wanna gotta lol omg btw fyi asap pls thx idk imo tbh brb np ty ok okay
    """.replace("night_shift", "shift").split()
)

#: Sentences that hold no time (no-time training texts; combined with random words).
NO_TIME_PHRASES = (
    "what time works?", "when are you free", "let me know when", "any time is fine",
    "later today", "not sure yet", "tbd", "talk soon", "running late", "on my way",
    "cancelled", "postponed", "see you soon", "next time", "in a bit", "after lunch",
    "this weekend", "some other day", "no rush", "call me back", "is it still on?",
    "how long will it take", "what day is it", "i forgot the time", "time flies",
    "the clock is broken", "pick a time", "same time as usual", "not today", "maybe later",
    "whatever suits you", "the date is not fixed", "ask the boss", "all day long",
)
#: Comments after a time ("7pm works for us").
COMMENTS_AFTER = (
    "works for us", "is ok", "is best for me", "would be ideal", "sounds great",
    "is good for everyone", "should work", "is too early", "is too late for me",
    "could work", "is my only slot", "if possible", "or a bit later", "is when it starts",
)
